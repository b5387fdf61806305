import path from "node:path";

/** The repository's root, for suites that read its files (migrations, sources) from wherever they sit. */
export const projectRoot = path.resolve(import.meta.dirname, "..", "..");
