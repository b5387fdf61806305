/**
 * The public forms as a client sees them: the form token of a rendered page, and POSTs the way a
 * browser sends them, without JavaScript (the document) or with it (React Router's `.data`
 * request). Each request can pose as its own client (X-Forwarded-For, with TRUST_PROXY set), so
 * the per-client rate limit stays out of the way of load tests.
 */
export type Channel = "document" | "data";

export type Answer = { status: number; body: string; location: string | null };

/** The token rendered into a page's forms (`name="formToken"`). */
export async function formToken(baseUrl: string, path = "/contact"): Promise<string> {
  const page = await (await fetch(`${baseUrl}${path}`)).text();
  const token = page.match(/name="formToken" value="([^"]+)"/)?.[1];
  if (!token) throw new Error(`no form token on ${path}`);
  return token;
}

/** A distinct client address for the n-th request. */
export function clientAddress(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export async function submitForm(
  baseUrl: string,
  path: string,
  fields: Record<string, string>,
  options: { channel?: Channel; address?: string; signal?: AbortSignal } = {},
): Promise<Answer> {
  const url = new URL(path, baseUrl);
  if (options.channel === "data") url.pathname = `${url.pathname.replace(/\/$/, "")}.data`;
  const response = await fetch(url, {
    method: "POST",
    redirect: "manual",
    signal: options.signal,
    headers: {
      Origin: baseUrl,
      "Content-Type": "application/x-www-form-urlencoded",
      ...(options.address ? { "X-Forwarded-For": options.address } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, body: await response.text(), location: response.headers.get("location") };
}

/**
 * Whether an answer is the form's success answer: 200 carrying the success title, or a redirect
 * back to the form's page (the no-JavaScript success answer with a flash message; as a `.data`
 * request React Router turns that redirect into a 202 naming the target).
 */
export function isSuccess(answer: Answer, successTitle: string, pagePath: string): boolean {
  if (answer.status === 200) return answer.body.includes(successTitle);
  if (answer.status === 303) return new URL(answer.location ?? "", "http://x").pathname === pagePath;
  if (answer.status === 202) return answer.body.includes(`"${pagePath}"`);
  return false;
}

/**
 * The lines of a server's log that report an error: pino lines of level error (50) or fatal (60),
 * and anything that is not a log line at all (an uncaught exception's stack, a Node warning).
 */
export function logProblems(output: string): string[] {
  return output
    .split("\n")
    .filter((line) => line.trim() !== "")
    .filter((line) => {
      try {
        return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
      } catch {
        return true;
      }
    });
}

/** The fields of a valid contact request number `n` (intent, token, name, address, subject, text). */
export const contactFields = (n: number, formToken: string) => ({
  intent: "contact",
  formToken,
  name: `Person ${n}`,
  email: `person${n}@example.org`,
  subject: `Anfrage ${n}`,
  message: "Hallo!",
});
