import { CONTACT_MESSAGES } from "~/features/contact/messages";
import { NEWSLETTER_MESSAGES } from "~/features/newsletter/messages";

type Failure = { ok: false; title: string; description: string; form: string };

const FAILURES: Record<string, Failure> = {
  contact: {
    ok: false,
    title: CONTACT_MESSAGES.failure,
    description: CONTACT_MESSAGES.failureDescription,
    form: "contact",
  },
  "newsletter-optin": {
    ok: false,
    title: NEWSLETTER_MESSAGES.failure,
    description: NEWSLETTER_MESSAGES.failureDescription,
    form: "newsletter-optin",
  },
  "newsletter-simple": {
    ok: false,
    title: NEWSLETTER_MESSAGES.failure,
    description: NEWSLETTER_MESSAGES.failureDescription,
    form: "newsletter-simple",
  },
};

/**
 * In the browser, a form whose request fails outright (network down, a proxy's error page)
 * gets the spec's failure toast and keeps what was typed, instead of an error page.
 */
export async function submitOrFail(serverAction: () => Promise<unknown>, form: keyof typeof FAILURES) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error; // redirects go on as usual
    return FAILURES[form]!;
  }
}
