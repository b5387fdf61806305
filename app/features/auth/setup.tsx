import { useState } from "react";
import { CHECK_MARKED_FIELDS } from "~/platform/forms/messages";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { Button } from "~/ui/button";
import { Field, FormStatus, Input } from "~/ui/field";
import { createAdmin } from "~/features/auth/admin-users.server";
import { fieldErrors, SINGLE_LINE, SINGLE_LINE_MESSAGE } from "~/platform/forms/schemas";
import { redirectWithFlash } from "~/platform/http/flash.server";
import { newPasswordProblem } from "~/features/auth/password-rules.server";
import { createSession } from "~/features/auth/session.server";
import { claimSetupToken, isValidSetupToken } from "~/features/auth/setup-link.server";
import { NotFoundErrorBoundary } from "~/features/site";
import type { Route } from "./+types/setup";
import { databaseContext, type RequestContext } from "~/platform/http/request-context";

/** First-run account creation through the one-time link from the server log; 404 otherwise. */
const SetupSchema = z
  .object({
    name: z
      .string()
      .trim()
      .max(100, "Der Name darf höchstens 100 Zeichen lang sein.")
      .regex(SINGLE_LINE, SINGLE_LINE_MESSAGE),
    email: z.email("Bitte gib eine gültige E-Mail-Adresse ein.").max(254),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine(async (value, ctx) => {
    // The owner's own name and address make a password easy to guess.
    const problem = await newPasswordProblem(value.password, [value.email, value.name]);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "Passwords do not match",
  });

async function requireSetupToken(request: Request, context: RequestContext): Promise<string> {
  const token = new URL(request.url).searchParams.get("token");
  if (!(await isValidSetupToken(await context.get(databaseContext), token)))
    throw data(null, { status: 404 });
  return token!;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireSetupToken(request, context);
  return null;
}

class SetupTokenUsed extends Error {}

export async function action({ request, context }: Route.ActionArgs) {
  const token = await requireSetupToken(request, context);
  const form = await request.formData().catch(() => undefined);
  const values = Object.fromEntries(
    ["name", "email", "password", "confirmPassword"].map((key) => [key, String(form?.get(key) ?? "")]),
  );
  const parsed = await SetupSchema.safeParseAsync(values);
  if (!parsed.success) {
    return data(
      { errors: fieldErrors(parsed.error), name: values.name, email: values.email },
      { status: 400 },
    );
  }
  const db = await context.get(databaseContext);
  // The token is used in the transaction that creates the admin, so it works once.
  const admin = await db
    .transaction(async (tx) => {
      if (!(await claimSetupToken(tx, token))) throw new SetupTokenUsed();
      return createAdmin(tx, {
        email: parsed.data.email,
        password: parsed.data.password,
        name: parsed.data.name,
      });
    })
    .catch((error: unknown) => {
      if (error instanceof SetupTokenUsed) throw data(null, { status: 404 });
      throw error;
    });
  const session = await createSession(db, admin.id, request);
  const response = redirectWithFlash("/admin", { type: "success", title: "Admin-Konto angelegt" });
  response.headers.append("Set-Cookie", session.cookie);
  return response;
}

export default function Setup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  const [typed, setTyped] = useState<string[]>([]);
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin-Konto anlegen</h1>
      <p className="mt-2 text-slate-600">
        Willkommen! Lege jetzt das Konto an, mit dem du deine Website verwaltest. Dieser Link funktioniert nur
        einmal.
      </p>
      <Form
        method="post"
        className="mt-8 space-y-5"
        onChange={(event) => {
          const form = new FormData(event.currentTarget);
          const value = (name: string) => String(form.get(name) ?? "");
          setTyped([value("email"), value("name")]);
        }}
      >
        {Object.keys(errors).length > 0 && <FormStatus result={{ ok: false, title: CHECK_MARKED_FIELDS }} />}
        <Field id="setup-name" label="Name" error={errors.name}>
          {(props) => <Input {...props} name="name" autoComplete="name" defaultValue={actionData?.name} />}
        </Field>
        <Field id="setup-email" label="E-Mail" error={errors.email}>
          {(props) => (
            <Input
              {...props}
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={actionData?.email}
            />
          )}
        </Field>
        <NewPasswordFields
          idPrefix="setup"
          label="Passwort (mindestens 10 Zeichen)"
          confirmLabel="Passwort wiederholen"
          errors={errors}
          userInputs={typed}
          minLength={10}
        />
        <Button type="submit" disabled={navigation.state !== "idle"} className="w-full">
          Konto anlegen
        </Button>
      </Form>
    </div>
  );
}

/** Without a valid token the page does not exist. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <NotFoundErrorBoundary error={error} />;
}
