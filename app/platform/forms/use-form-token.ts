import { useState } from "react";

/**
 * The token a public form sends next: the page's, until an answer of the server brings a fresh
 * one (a token is used up by a success and no longer good after "expired"), and the page's
 * again when a reload of its data brings a newer one. So a visitor can send a second message
 * without reloading the page.
 */
export function useFormToken(fromPage: string, answer: { formToken?: string } | undefined): string {
  const [seen, setSeen] = useState({ fromPage, answer, token: answer?.formToken ?? fromPage });
  if (seen.fromPage === fromPage && seen.answer === answer) return seen.token;
  // Adjusted while rendering (not in an effect), so the form never renders a used-up token. An
  // answer's token wins over the page's reload that comes with it: both are unused.
  let next = seen.token;
  if (seen.fromPage !== fromPage) next = fromPage;
  if (seen.answer !== answer && answer?.formToken) next = answer.formToken;
  setSeen({ fromPage, answer, token: next });
  return next;
}
