import { removeDataDirTemplate } from "./data-dir-template";
import { collectTestSecrets, describeFindings, e2eSuite, scanLogDir } from "./test-logs";

/**
 * After the end-to-end run: no server of it (the webServer or a test's own) may have logged a
 * test e-mail or password, a stack trace, SQL or a session token.
 */
export default function teardown() {
  removeDataDirTemplate();
  const findings = scanLogDir(e2eSuite(), collectTestSecrets());
  if (findings.length > 0) {
    throw new Error(
      `The servers' logs contain ${findings.length} line(s) that must never be logged:\n${describeFindings(findings)}`,
    );
  }
}
