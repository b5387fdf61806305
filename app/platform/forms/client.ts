import type { PublicForm } from "./public-form";

/**
 * In the browser, a form whose request fails outright (network down, a proxy's error page)
 * gets the spec's failure toast and keeps what was typed, instead of an error page.
 */
export async function submitOrFail(serverAction: () => Promise<unknown>, form: PublicForm) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error; // redirects go on as usual
    return { ok: false as const, ...form.failure, form: form.form };
  }
}
