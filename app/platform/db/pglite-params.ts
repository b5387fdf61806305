/**
 * PostgreSQL settings the embedded database starts with (engines.server.ts; the benches open a
 * data directory the same way). PostgreSQL's default 128 MB of buffers is more than this site's
 * whole database; its write-ahead log may grow to 1 GB between checkpoints and keeps 80 MB, a
 * site's data several times over.
 */
export const PGLITE_SETTINGS = ["shared_buffers=16MB", "max_wal_size=64MB", "min_wal_size=32MB"];

/** The settings as PGlite's start parameters, after its defaults. */
export const pgliteStartParams = (defaults: string[]) => [
  ...defaults,
  ...PGLITE_SETTINGS.flatMap((setting) => ["-c", setting]),
];
