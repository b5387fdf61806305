import { createDataDirTemplate, removeDataDirTemplate } from "./data-dir-template";
import { collectTestSecrets, describeFindings, resetLogDir, scanLogDir } from "./test-logs";

/**
 * Before the suite: an empty log directory, and the migrated database the suites copy
 * (data-dir-template.ts). After it: no server under test may have logged a
 * test e-mail or password, a stack trace, SQL or a session token.
 */
export default function setup() {
  resetLogDir("vitest");
  createDataDirTemplate();
  return () => {
    removeDataDirTemplate();
    const findings = scanLogDir("vitest", collectTestSecrets());
    if (findings.length > 0) {
      throw new Error(
        `The servers' logs contain ${findings.length} line(s) that must never be logged:\n${describeFindings(findings)}`,
      );
    }
  };
}
