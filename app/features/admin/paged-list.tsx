import Search from "lucide-react/icons/search";
import type { ReactNode } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { Input } from "~/ui/field";
import { ADMIN_MESSAGES } from "./messages";

/** One page of an admin list as its loader returns it (`loadAdminList` in admin-lists.server.ts). */
type LoadedPage = {
  rows: readonly unknown[];
  total: number;
  page: number;
  pageSize: number;
  error: string | null;
};

/**
 * An admin list that can grow past one screen: the search box and pager, then the list's
 * error, the `empty` text when the list is empty (or, after a search, that nothing matched and a
 * way back to the whole list), or the rows (`children`). A fragment, so that
 * its parts are spaced like the rest of the page. The search goes to `?q=`, the page to
 * `?seite=`; the loader reads both with `pageParams`.
 */
export function PagedList({
  list,
  label,
  empty,
  children,
}: {
  list: LoadedPage;
  /** What the list holds, in the plural: the search box is "<label> durchsuchen". */
  label: string;
  empty: string;
  children: ReactNode;
}) {
  const { rows, total, page, pageSize, error } = list;
  const [params] = useSearchParams();
  const query = searchOf(params);
  // What the loader searched for (`pageParams`, then trimmed), so "Keine Treffer" names that.
  const searched = query.trim();
  return (
    <>
      <ListControls
        params={params}
        query={query}
        total={total}
        page={page}
        pageSize={pageSize}
        label={label}
      />
      {error && (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      )}
      {!error && rows.length === 0 && !searched && <p className="text-slate-600">{empty}</p>}
      {!error && rows.length === 0 && searched && (
        <p className="break-words text-slate-600">
          {ADMIN_MESSAGES.noSearchMatch(searched)}{" "}
          <Link
            to={{ search: "" }}
            className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline md:min-h-0"
          >
            {ADMIN_MESSAGES.resetSearch}
          </Link>
        </p>
      )}
      {rows.length > 0 && children}
    </>
  );
}

/** Search box and pager. */
function ListControls({
  params,
  query,
  total,
  page,
  pageSize,
  label,
}: {
  params: URLSearchParams;
  query: string;
  total: number;
  page: number;
  pageSize: number;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageLink = (target: number) => {
    const next = new URLSearchParams(params);
    next.set("seite", String(target));
    return `?${next.toString()}`;
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <Form method="get" role="search" className="flex w-full items-center gap-2 sm:w-auto">
        <Input
          name="q"
          type="search"
          defaultValue={query}
          placeholder="Suchen …"
          aria-label={`${label} durchsuchen`}
          className="min-w-0 flex-1 sm:w-64 sm:flex-none"
        />
        <button
          type="submit"
          className="grid place-items-center rounded-lg p-2.5 text-slate-600 hover:bg-slate-100 max-md:size-11"
          aria-label="Suchen"
        >
          <Search aria-hidden="true" className="size-4" />
        </button>
      </Form>
      {pages > 1 && (
        <nav aria-label="Seiten" className="flex items-center gap-3 text-sm">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className="font-semibold text-brand-700">
              Zurück
            </Link>
          ) : (
            <span className="text-slate-500">Zurück</span>
          )}
          <span>
            Seite {page} von {pages}
          </span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className="font-semibold text-brand-700">
              Weiter
            </Link>
          ) : (
            <span className="text-slate-500">Weiter</span>
          )}
        </nav>
      )}
    </div>
  );
}

/** The search a list's URL asks for, as its loader searches it. */
function searchOf(params: URLSearchParams): string {
  // PostgreSQL refuses NUL even in a search pattern.
  return (params.get("q") ?? "").replaceAll("\u0000", "").slice(0, 200);
}

/** The search and page a list's URL asks for, for its loader. */
export function pageParams(request: Request) {
  const params = new URL(request.url).searchParams;
  const page = Number.parseInt(params.get("seite") ?? "1", 10);
  return {
    query: searchOf(params),
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 10_000) : 1,
  };
}
