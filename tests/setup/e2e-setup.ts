import { createDataDirTemplate } from "./data-dir-template";

/** Before the end-to-end run: the migrated database that each test's own server copies. */
export default function setup() {
  createDataDirTemplate();
}
