import type { Db } from "~/platform/db/engines.server";
import { findIssue } from "~/features/newsletter/issues.server";
import { unsubscribeUrl } from "~/features/newsletter/subscribers.server";
import {
  absoluteUrl,
  escapeHtml,
  markdownToPlainText,
  renderMarkdownForMail,
} from "~/platform/markdown.server";
import { installationSecret } from "~/platform/db/installation-secret.server";
import { type SiteSettings, siteSettingsOf, mailFooter } from "~/features/settings/index.server";
import type { OutgoingMail } from "~/platform/mail/outbox.server";

/**
 * A newsletter mail: an HTML part built from tables and inline styles, which Gmail,
 * Outlook and Apple Mail render alike (docs/decisions/0013-newsletter-sending.md), and a plain-
 * text part. No tracking pixel, no rewritten link, nothing loaded from anywhere: the mail holds no
 * image at all. Every mail carries the subscriber's own unsubscribe link, in the body and as
 * List-Unsubscribe with RFC 8058's one-click POST, and the owner's Impressum data.
 */

export type IssueTexts = { subject: string; preheader: string; body: string };

export type NewsletterContext = {
  settings: SiteSettings;
  publicUrl: string;
  /** The subscriber's signed unsubscribe link; a test mail has none. */
  unsubscribeUrl?: string;
};

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";

/** The HTML part. */
export function newsletterHtml(issue: IssueTexts, context: NewsletterContext): string {
  const { settings, publicUrl, unsubscribeUrl } = context;
  const brand = escapeHtml(settings.website.brand || settings.owner.name);
  const footer = mailFooter(settings)
    .slice(1)
    .map((line) => escapeHtml(line))
    .join("<br>");
  const unsubscribe = unsubscribeUrl
    ? `<a href="${escapeHtml(unsubscribeUrl)}" style="color:#475569;text-decoration:underline;">Newsletter abbestellen</a>`
    : "Newsletter abbestellen (in der Testmail ohne Link)";
  return `<!doctype html>
<html lang="de" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<title>${escapeHtml(issue.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f1f5f9;">
${
  issue.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(issue.preheader)}&#8199;&#65279;&#847;</div>`
    : ""
}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f1f5f9;">
<tr><td align="center" style="padding:24px 12px;">
<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px;">
<tr><td style="padding:24px 32px 8px;${FONT}font-size:14px;line-height:20px;color:#475569;">
<a href="${escapeHtml(publicUrl)}/" style="color:#0f172a;font-weight:700;text-decoration:none;">${brand}</a>
</td></tr>
<tr><td style="padding:8px 32px 0;${FONT}">
<h1 style="margin:0 0 20px;font-size:26px;line-height:34px;font-weight:700;color:#0f172a;">${escapeHtml(issue.subject)}</h1>
</td></tr>
<tr><td style="padding:0 32px 16px;${FONT}font-size:16px;line-height:26px;color:#1e293b;">
${renderMarkdownForMail(issue.body, publicUrl)}
</td></tr>
<tr><td style="padding:16px 32px 24px;border-top:1px solid #e2e8f0;${FONT}font-size:13px;line-height:20px;color:#475569;">
<p style="margin:0 0 12px;">Du erhältst diese E-Mail, weil du den Newsletter von ${escapeHtml(settings.owner.name)} bestellt und bestätigt hast. ${unsubscribe}</p>
<p style="margin:0;">${footer}</p>
</td></tr>
</table>
<!--[if mso]></td></tr></table><![endif]-->
</td></tr>
</table>
</body>
</html>
`;
}

/** The plain-text part. */
export function newsletterText(issue: IssueTexts, context: NewsletterContext): string {
  const { settings, publicUrl, unsubscribeUrl } = context;
  return [
    issue.subject,
    "",
    markdownToPlainText(issue.body, publicUrl).trim(),
    "",
    `Du erhältst diese E-Mail, weil du den Newsletter von ${settings.owner.name} bestellt und bestätigt hast.`,
    unsubscribeUrl ? `Abbestellen: ${unsubscribeUrl}` : "Abbestellen: (in der Testmail ohne Link)",
    "",
    ...mailFooter(settings),
  ].join("\n");
}

/** The whole mail to one subscriber (or, without an unsubscribe link, the owner's test mail). */
export function newsletterMail(to: string, issue: IssueTexts, context: NewsletterContext): OutgoingMail {
  const { settings, unsubscribeUrl } = context;
  const mailto = `mailto:${settings.owner.email}?subject=${encodeURIComponent("Newsletter abbestellen")}`;
  return {
    to,
    subject: issue.subject,
    text: newsletterText(issue, context),
    html: newsletterHtml(issue, context),
    headers: unsubscribeUrl
      ? {
          "List-Unsubscribe": `<${unsubscribeUrl}>, <${mailto}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          "List-Id": `Newsletter <newsletter.${new URL(absoluteUrl("/", context.publicUrl)).hostname}>`,
        }
      : {},
  };
}

/** What the mail worker knows of a queued newsletter mail. */
export type QueuedNewsletterMail = { to: string; newsletter_issue_id: string; subscriber_id: string };

/**
 * Composes queued newsletter mails as they go out: the outbox holds only who gets which issue,
 * not 10,000 copies of it. An issue cannot change once it is sent, so its texts are kept for the
 * next mails. Undefined when the issue is gone.
 */
export function newsletterComposer(db: Db, publicUrl: string) {
  const issues = new Map<string, IssueTexts>();
  return async (mail: QueuedNewsletterMail): Promise<OutgoingMail | undefined> => {
    let issue = issues.get(mail.newsletter_issue_id);
    if (!issue) {
      const row = await findIssue(db, mail.newsletter_issue_id);
      if (!row) return undefined;
      issue = { subject: row.subject, preheader: row.preheader, body: row.body };
      if (issues.size > 20) issues.clear();
      issues.set(mail.newsletter_issue_id, issue);
    }
    const [{ settings }, secret] = await Promise.all([siteSettingsOf(db), installationSecret(db)]);
    return newsletterMail(mail.to, issue, {
      settings,
      publicUrl,
      unsubscribeUrl: unsubscribeUrl({ publicUrl, secret }, mail.subscriber_id),
    });
  };
}
