/**
 * `npm run audit:prod` (run by .ci/run): known vulnerabilities in the production dependencies.
 * A high or critical finding fails; a registry that cannot answer audits at all (a mirror or
 * proxy without the advisory endpoint: HTTP 404/405/501) is reported as such and skipped; any
 * other failure of the audit fails too, so that no finding is ever swallowed.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

export type AuditVerdict =
  | { outcome: "clean"; message: string }
  | { outcome: "findings"; message: string }
  | { outcome: "unsupported"; message: string }
  | { outcome: "failed"; message: string };

type Severity = "info" | "low" | "moderate" | "high" | "critical";
type AuditReport = {
  vulnerabilities?: Record<string, { severity?: Severity; via?: unknown[]; fixAvailable?: unknown }>;
  metadata?: { vulnerabilities?: Partial<Record<Severity | "total", number>> };
  statusCode?: number;
  message?: string;
  error?: { summary?: string; detail?: string };
};

/** Registry answers that mean "this registry has no audit service", not "the audit failed". */
const UNSUPPORTED_STATUS = new Set([404, 405, 501]);

/** Judges the output of `npm audit --omit=dev --json`. */
export function judgeAudit(stdout: string): AuditVerdict {
  let report: AuditReport;
  try {
    report = JSON.parse(stdout) as AuditReport;
  } catch {
    return { outcome: "failed", message: `npm audit gave no readable report:\n${stdout.slice(0, 500)}` };
  }
  const counts = report.metadata?.vulnerabilities;
  if (counts) {
    const serious = Object.entries(report.vulnerabilities ?? {}).filter(
      ([, entry]) => entry.severity === "high" || entry.severity === "critical",
    );
    if ((counts.high ?? 0) + (counts.critical ?? 0) > 0) {
      const list = serious.map(([name, entry]) => `  ${entry.severity}: ${name}`).join("\n");
      return {
        outcome: "findings",
        message: `npm audit: ${counts.critical ?? 0} critical and ${counts.high ?? 0} high vulnerabilities in production dependencies:\n${list}\nRun \`npm audit --omit=dev\` for details and fixes.`,
      };
    }
    return {
      outcome: "clean",
      message: `npm audit: no high or critical vulnerabilities in production dependencies (${counts.total ?? 0} of lower severity).`,
    };
  }
  const status = report.statusCode ?? Number(report.message?.match(/^(\d{3}) /)?.[1]);
  if (UNSUPPORTED_STATUS.has(status)) {
    return {
      outcome: "unsupported",
      message: `NOTICE: npm audit skipped: the registry cannot answer security audits (HTTP ${status}: ${report.message ?? ""}).\nRun \`npm audit --omit=dev\` where the npm registry's audit service is reachable.`,
    };
  }
  return {
    outcome: "failed",
    message: `npm audit failed: ${report.message ?? report.error?.summary ?? stdout.slice(0, 500)}`,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
  const verdict = judgeAudit(result.stdout);
  const print =
    verdict.outcome === "clean" || verdict.outcome === "unsupported" ? console.log : console.error;
  print(verdict.message);
  process.exitCode = verdict.outcome === "findings" || verdict.outcome === "failed" ? 1 : 0;
}
