import { SignInPage } from "~/features/auth/first-run";
import { SecondStepForm } from "~/features/auth/second-step-form";
import { loadSignIn, signInAction } from "./login.server";
import type { Route } from "./+types/login";

/** /admin/login (spec §5): the password, then a code when the admin uses TOTP. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadSignIn(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return signInAction(request, context);
}

/** Passes Retry-After of a throttled sign-in on to the client. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export default function Login({ loaderData }: Route.ComponentProps) {
  return loaderData.secondStep ? <SecondStepForm /> : <SignInPage firstRun={loaderData.firstRun} />;
}
