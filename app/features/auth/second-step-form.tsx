import ShieldCheck from "lucide-react/icons/shield-check";
import { useEffect, type ReactNode } from "react";
import { Form, useActionData, useNavigation, useSearchParams } from "react-router";
import { toast } from "~/ui/toast";
import { Button } from "~/ui/button";
import { Field, FormStatus, Input } from "~/ui/field";
import type { LoginActionData } from "./login-form";

/**
 * The second step of a sign-in with TOTP: a code from the app or a recovery code. The reset of a
 * forgotten password asks the same way, posting to its own page (`action`) with its own text and
 * way back (`cancel`).
 */
export function SecondStepForm({
  action = "/admin/login",
  intro = "Gib den 6-stelligen Code aus deiner Authenticator-App ein oder einen deiner Wiederherstellungscodes.",
  cancel,
}: {
  action?: string;
  intro?: string;
  cancel?: ReactNode;
}) {
  const actionData = useActionData<LoginActionData>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state !== "idle" && navigation.formAction === action;

  useEffect(() => {
    if (actionData) toast.error(actionData.title);
  }, [actionData]);

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Bestätigungscode</h1>
      <p className="mt-2 text-slate-600">{intro}</p>
      <Form method="post" action={action} className="mt-8 space-y-5">
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <FormStatus result={actionData} />
        <Field id="login-code" label="Code">
          {(props) => (
            <Input
              {...props}
              name="code"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={40}
              autoFocus
            />
          )}
        </Field>
        <Button type="submit" disabled={submitting} className="w-full">
          <ShieldCheck aria-hidden="true" className="size-4" />
          {submitting ? "Wird geprüft …" : "Bestätigen"}
        </Button>
      </Form>
      {cancel ?? (
        <Form method="post" action="/admin/login" className="mt-3">
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" variant="secondary" className="w-full">
            Abbrechen
          </Button>
        </Form>
      )}
    </div>
  );
}
