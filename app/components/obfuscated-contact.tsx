import { Fragment, type ReactNode } from "react";
import { unscramble, useSite } from "~/lib/public-site";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * E-mail address and phone number that scrapers reading the HTML cannot harvest: the server
 * renders the text with hidden decoy fragments and no mailto:/tel: link; once the page runs in
 * a browser the link is completed. Screen readers skip the hidden decoys and read the real text.
 */
function Decoyed({ text }: { text: string }) {
  // Split after "@" and "." (e-mail) or spaces (phone) and insert invisible noise between parts.
  const parts = text.split(/(?<=[@.\s])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && (
            <span className="hidden" aria-hidden="true">
              {"x7q"}
            </span>
          )}
        </Fragment>
      ))}
    </>
  );
}

type ObfuscatedProps = { kind: "email" | "phone"; className?: string; children?: ReactNode };

export function ObfuscatedContact({ kind, className, children }: ObfuscatedProps) {
  const hydrated = useHydrated();
  const site = useSite();
  const href = kind === "email" ? `mailto:${unscramble(site.email)}` : `tel:${unscramble(site.phoneDial)}`;
  const text = unscramble(kind === "email" ? site.email : site.phone);

  return (
    // Until the script has run the link leads to the contact page, which works for everyone.
    <a href={hydrated ? href : "/contact"} className={className} data-contact={kind}>
      {children}
      <Decoyed text={text} />
    </a>
  );
}
