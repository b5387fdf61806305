import { LogIn } from "lucide-react";
import { useEffect } from "react";
import { Form, useActionData, useNavigation, useSearchParams } from "react-router";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Field, FormStatus, Input } from "~/components/ui/field";

export type LoginActionData = { ok: false; title: string; description?: string };

/** Sign-in form (spec §2, §5): e-mail and password, both required. Posts to /admin/login. */
export function LoginForm() {
  const actionData = useActionData<LoginActionData>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/admin/login";

  useEffect(() => {
    if (actionData) toast.error(actionData.title, { description: actionData.description });
  }, [actionData]);

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Login</h1>
      <p className="mt-2 text-slate-600">Melde dich an, um Projekte, Anfragen und Abonnenten zu verwalten.</p>
      <Form method="post" action="/admin/login" className="mt-8 space-y-5">
        <input type="hidden" name="redirectTo" value={params.get("redirectTo") ?? ""} />
        <FormStatus result={actionData} />
        <Field id="login-email" label="E-Mail">
          {(props) => <Input {...props} name="email" type="email" autoComplete="username" required />}
        </Field>
        <Field id="login-password" label="Passwort">
          {(props) => (
            <Input {...props} name="password" type="password" autoComplete="current-password" required />
          )}
        </Field>
        <Button type="submit" disabled={submitting} className="w-full">
          <LogIn aria-hidden="true" className="size-4" />
          {submitting ? "Wird angemeldet …" : "Login"}
        </Button>
      </Form>
    </div>
  );
}
