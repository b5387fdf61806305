/**
 * The cookie banner's text. The specification fixes only its title and buttons; the text says
 * plainly that there is nothing to choose, because the site stores nothing beyond what it needs.
 */
export const COOKIE_BANNER_TEXT =
  "Diese Website verwendet nur technisch notwendige Cookies und lokale Speicherung – kein Tracking, keine Werbung. Darum gibt es nichts auszuwählen: „Akzeptieren“ blendet diesen Hinweis nur aus, genau wie das Kreuz.";
