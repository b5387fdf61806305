import ArrowUp from "lucide-react/icons/arrow-up";
import Mail from "lucide-react/icons/mail";
import Phone from "lucide-react/icons/phone";
import { FOOTER_LEGAL, footerNavigation, type MenuItem } from "~/features/site/menu";
import { useSite } from "~/features/site/public-site";
import { scrollToTop } from "./scroll-to-top";
import { MenuLink } from "./menu-link";
import { ObfuscatedContact } from "./obfuscated-contact";

function LinkColumn({ title, items }: { title: string; items: MenuItem[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-2">
        {items.map((item, index) => (
          <li key={index}>
            <MenuLink
              item={item}
              className="text-sm hover:text-white"
              activeClassName="text-white"
              idleClassName="text-slate-300"
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const site = useSite();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="text-lg font-bold text-white">{site.brand}</p>
          {site.tagline && (
            <p lang={site.taglineLang} className="mt-2 max-w-md text-sm text-slate-400">
              {site.tagline}
            </p>
          )}
          <ul className="mt-6 space-y-2 text-sm">
            {site.phone && (
              <li>
                <ObfuscatedContact kind="phone" className="inline-flex items-center gap-2 hover:text-white">
                  <Phone aria-hidden="true" className="size-4" />
                  <span className="sr-only">Telefon: </span>
                </ObfuscatedContact>
              </li>
            )}
            <li>
              <ObfuscatedContact kind="email" className="inline-flex items-center gap-2 hover:text-white">
                <Mail aria-hidden="true" className="size-4" />
                <span className="sr-only">E-Mail: </span>
              </ObfuscatedContact>
            </li>
          </ul>
        </div>
        <LinkColumn title={site.texts.footerNavigationTitle} items={footerNavigation(site)} />
        <LinkColumn title={site.texts.footerLegalTitle} items={FOOTER_LEGAL} />
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 text-sm sm:flex-row sm:px-6">
          <p>
            © {new Date().getFullYear()} {site.ownerName}. {site.texts.copyright}
          </p>
          <button
            type="button"
            onClick={scrollToTop}
            className="inline-flex items-center gap-2 rounded-md px-3 py-2 text-slate-300 hover:bg-slate-800 hover:text-white"
          >
            <ArrowUp aria-hidden="true" className="size-4" />
            {site.texts.toTopLabel}
          </button>
        </div>
      </div>
    </footer>
  );
}
