import { type ReactNode } from "react";
import { unscramble, useSite } from "~/features/site/public-site";
import { useHydrated } from "~/ui/use-hydrated";

/**
 * Every character as a numeric character reference ("k" → "&#107;"). Whatever parses the HTML –
 * a browser, a text browser, a reader mode, a screen reader – gets the plain text; the source
 * holds no address or number that a harvester's pattern could match. Safe as HTML by
 * construction: the output holds nothing but references.
 */
function characterReferences(text: string): string {
  return [...text].map((char) => `&#${char.codePointAt(0)};`).join("");
}

type ObfuscatedProps = { kind: "email" | "phone"; className?: string; children?: ReactNode };

/**
 * E-mail address and phone number that scrapers reading the HTML cannot harvest: the server
 * renders the text as character references and no mailto:/tel: link; once the page runs in a
 * browser the link is completed. No hidden decoys: text without CSS reads the real address.
 */
export function ObfuscatedContact({ kind, className, children }: ObfuscatedProps) {
  const hydrated = useHydrated();
  const site = useSite();
  const href = kind === "email" ? `mailto:${unscramble(site.email)}` : `tel:${unscramble(site.phoneDial)}`;
  const text = unscramble(kind === "email" ? site.email : site.phone);

  return (
    // Until the script has run the link leads to the contact page, which works for everyone.
    <a href={hydrated ? href : "/contact"} className={className} data-contact={kind}>
      {children}
      <span dangerouslySetInnerHTML={{ __html: characterReferences(text) }} />
    </a>
  );
}
