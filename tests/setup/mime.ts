/** Reading received mails as their raw MIME text: the e2e mail helper and the SMTP suites. */

export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/**
 * The body of the first part of a raw (multipart) message whose Content-Type is `type`
 * ("text/plain", "text/calendar"), decoded; at any depth of nesting, as every part follows a
 * boundary line.
 */
export function mimePart(raw: string, type: string): string {
  const part = raw
    .split(/\r?\n--/)
    .find((one) => new RegExp(`^Content-Type: ${type.replace("/", "\\/")}\\b`, "im").test(one));
  if (!part) throw new Error(`no ${type} part`);
  const [head = "", ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join("\n\n");
  if (/^Content-Transfer-Encoding: base64/im.test(head))
    return Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/^Content-Transfer-Encoding: quoted-printable/im.test(head)) return decodeQuotedPrintable(content);
  return content;
}
