/** The form token's hidden field as React renders it: `name` right before `value`. */
const FORM_TOKEN = /name="formToken" value="([^"]+)"/;
export const FORM_TOKEN_FIELD = 'name="formToken"';

/**
 * A rendered document split around its form token (the hidden field
 * `<input type="hidden" name="formToken" value="…"/>`), so a fresh token can be put between the
 * parts; a single part, and no token, for a page without one.
 */
export function splitAtFormToken(html: string): { token: string | undefined; parts: string[] } {
  const token = FORM_TOKEN.exec(html)?.[1];
  return { token, parts: token ? html.split(token) : [html] };
}
