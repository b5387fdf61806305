/**
 * The version of what public pages show. The server's page cache keeps a rendered page only
 * while this is unchanged, so anything that may change a public page, or may have made a render
 * untrustworthy (a database error), calls `publicPagesChanged()`.
 */
let version = 0;

export function publicPagesVersion(): number {
  return version;
}

export function publicPagesChanged(): void {
  version++;
}
