import { and, ilike, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./engines.server";

/** How many rows one page of an admin list shows. */
export const ADMIN_PAGE_SIZE = 20;

/** What an admin list asks for: its search box (`q`) and page (`seite`). */
export type PageRequest = { query?: string; page?: number };

export type Page<Row> = { rows: Row[]; total: number; page: number; pageSize: number };

/**
 * One page of an admin list in `order` (newest first: `[desc(column)]`), and how many rows match
 * in all. `select` names the columns (`db.select(…).from(table).$dynamic()`), `from`
 * is the table it reads, counted with the same filter. Only rows that pass `filter` are listed.
 * With a query, only the rows in which one of the `searchIn` columns contains it match,
 * case-insensitively and literally (`%`, `_` and `\` are no wildcards).
 */
export async function pagedSearch<Select extends PgSelect>(
  db: Db,
  list: {
    select: Select;
    from: PgTable;
    searchIn: PgColumn[];
    order: SQL[];
    filter?: SQL;
  },
  request: PageRequest,
): Promise<Page<Awaited<Select>[number]>> {
  const page = Math.max(1, request.page ?? 1);
  const query = request.query?.trim();
  const pattern = query ? `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    list.filter,
    pattern ? or(...list.searchIn.map((column) => ilike(column, pattern))) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    list.select
      .where(where)
      .orderBy(...list.order)
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(list.from)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0, page, pageSize: ADMIN_PAGE_SIZE };
}
