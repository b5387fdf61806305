import { expect, test } from "vitest";
import { judgeAudit } from "../../scripts/audit-dependencies";

/**
 * The dependency audit of .ci/run (scripts/audit-dependencies.ts) fails on high and critical findings, says
 * so plainly when the registry has no audit service, and never takes another failure for either.
 */

const report = (counts: Record<string, number>, vulnerabilities: Record<string, { severity: string }> = {}) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities,
    metadata: {
      vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...counts },
      dependencies: { prod: 120, dev: 0, optional: 0, peer: 0, peerOptional: 0, total: 120 },
    },
  });

test("high and critical findings fail, naming the packages", () => {
  const verdict = judgeAudit(
    report(
      { high: 1, critical: 1, moderate: 1, total: 3 },
      { "left-pad": { severity: "critical" }, tar: { severity: "high" }, ms: { severity: "moderate" } },
    ),
  );
  expect(verdict.outcome).toBe("findings");
  expect(verdict.message).toContain("critical: left-pad");
  expect(verdict.message).toContain("high: tar");
  expect(verdict.message).not.toContain("ms");
});

test("low and moderate findings pass", () => {
  expect(judgeAudit(report({ low: 2, moderate: 1, total: 3 })).outcome).toBe("clean");
  expect(judgeAudit(report({})).outcome).toBe("clean");
});

test("a registry without an audit service is a notice, not a pass in disguise", () => {
  // What this project's registry answers (npm 11, `npm audit --omit=dev --json`).
  const notAllowed = JSON.stringify({
    message: "405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk",
    method: "POST",
    uri: "https://registry.example/-/npm/v1/security/advisories/bulk",
    statusCode: 405,
    body: "",
    error: { summary: "", detail: "" },
  });
  const verdict = judgeAudit(notAllowed);
  expect(verdict).toMatchObject({ outcome: "unsupported" });
  expect(verdict.message).toMatch(
    /^NOTICE: npm audit skipped: the registry cannot answer security audits \(HTTP 405/,
  );
  expect(
    judgeAudit(JSON.stringify({ message: "404 Not Found - POST https://r/-/npm/v1/security/audits/quick" }))
      .outcome,
  ).toBe("unsupported");
});

test("any other failure of the audit fails the run", () => {
  expect(
    judgeAudit(JSON.stringify({ message: "500 Internal Server Error - POST https://r/x", statusCode: 500 }))
      .outcome,
  ).toBe("failed");
  expect(
    judgeAudit(JSON.stringify({ error: { summary: "getaddrinfo ENOTFOUND registry.example" } })).outcome,
  ).toBe("failed");
  expect(judgeAudit("").outcome).toBe("failed");
  expect(judgeAudit("npm error something").outcome).toBe("failed");
});
