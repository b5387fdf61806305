import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { scrubError } from "~/platform/logger.server";
import { collectTestSecrets, logDirOf, scanLogDir, scanLogText, type LogSuite } from "../setup/test-logs";

/**
 * The leak scan that ends every test run (tests/setup/vitest-global.ts, e2e-teardown.ts) finds
 * what it must find, and nothing in the lines a healthy server writes.
 */

test("the scan knows the e-mail addresses and passwords of the tests and their fixtures", () => {
  const { emails, passwords } = collectTestSecrets();
  // playwright.config.ts, tests/integration/admin-backend.test.ts, authorization.test.ts
  expect(emails).toEqual(expect.arrayContaining(["owner@example.com", "anna@example.com"]));
  expect(passwords).toEqual(
    expect.arrayContaining([
      "e2e-Admin-Passwort-2026",
      "Korrektes-Pferd-Batterie-42",
      "Autorisierung-Test-2026!",
      "Ganz-Neues-Passwort-2026",
    ]),
  );
  // Field names and autocomplete tokens are not mistaken for passwords.
  expect(passwords).not.toContain("current-password");
  expect(passwords).not.toContain("confirmPassword");
});

test("planted secrets, stack traces, SQL and session tokens are found; healthy lines are not", () => {
  const secrets = collectTestSecrets();
  const healthy = [
    '{"level":30,"time":1,"method":"POST","path":"/contact","status":200,"ms":12,"msg":"request"}',
    '{"level":30,"time":1,"url":"http://127.0.0.1:3000","port":3000,"host":"127.0.0.1","msg":"server listening"}',
    '{"level":40,"time":1,"setupLink":"http://localhost:3000/admin/setup?token=abc","msg":"no admin account yet: open this one-time link to create it"}',
    '{"level":30,"time":1,"file":"/tmp/data/mail/1-2.eml","msg":"mail written to the local mail drop"}',
    `{"level":50,"time":1,"err":${JSON.stringify(scrubError(new TypeError("kaputt")))},"msg":"render error"}`,
  ].join("\n");
  expect(scanLogText(healthy, secrets)).toEqual([]);

  const planted: [string, string][] = [
    ['{"msg":"login","user":"owner@example.com"}', "e-mail address"],
    ['{"msg":"login","body":"email=owner%40example.com"}', "url-encoded e-mail address"],
    ['{"msg":"x","password":"e2e-Admin-Passwort-2026"}', "test password e2e-Admin-Passwort-2026"],
    [
      '{"msg":"x","form":"password=Korrektes-Pferd-Batterie-42"}',
      "test password Korrektes-Pferd-Batterie-42",
    ],
    [
      '{"err":{"stack":"Error: x\\n    at handler (file:///srv/build/server/index.js:10:5)"},"msg":"request error"}',
      "stack trace",
    ],
    ["    at Object.<anonymous> (/srv/server.js:3:1)", "stack trace"],
    ['{"err":{"message":"Failed query: insert into \\"contact_submissions\\" values ($1)"}}', "SQL"],
    ['{"err":{"message":"select \\"id\\" from \\"admin_users\\" where x"}}', "SQL"],
    ['{"err":{"message":"boom\\nparams: a,b"}}', "query parameters"],
    ['{"headers":{"cookie":"session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}}', "session token"],
    ['{"hash":"$argon2id$v=19$m=19456,t=2,p=1$abc"}', "password hash"],
  ];
  for (const [line, rule] of planted) {
    const findings = scanLogText(`${healthy}\n${line}`, secrets, "planted.log");
    expect(
      findings.map((finding) => finding.rule),
      line,
    ).toContain(rule);
    expect(findings.every((finding) => finding.line === 6 && finding.file === "planted.log")).toBe(true);
  }
});

test("the scan of a suite's directory reads every log file in it", () => {
  const suite: LogSuite = `e2e-scan-check-${process.pid}`;
  const dir = logDirOf(suite);
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(path.join(dir, "server-1.log"), '{"msg":"request","status":200}\n');
    expect(scanLogDir(suite)).toEqual([]);
    writeFileSync(path.join(dir, "server-2.log"), '{"msg":"x","email":"anna@example.com"}\n');
    const findings = scanLogDir(suite);
    expect(findings.map(({ file, rule }) => `${file} ${rule}`)).toEqual(
      expect.arrayContaining(["server-2.log e-mail address", "server-2.log test e-mail anna@example.com"]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
