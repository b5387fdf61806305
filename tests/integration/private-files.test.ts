import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { lockDataDir } from "~/platform/db/data-dir-lock.server";
import { createMailTransport } from "~/platform/mail/transport.server";

/**
 * DATA_DIR and its mail drop are the server user's alone: directories 0700, dropped
 * mails 0600, whatever the umask of the process that creates them. A directory the operator set
 * up keeps its mode; the mail drop, which only the server uses, is tightened.
 */

const modeOf = (file: string) => statSync(file).mode & 0o777;

function withUmask<T>(mask: number, work: () => Promise<T>): Promise<T> {
  const before = process.umask(mask);
  return work().finally(() => process.umask(before));
}

async function dropOneMail(dropDir: string) {
  const transport = createMailTransport({
    from: async () => ({ name: "Website", address: "website@example.org" }),
    dropDir,
  });
  await transport.send({
    id: "0b9f7c52-58f4-4a8e-9d36-2a6f0f4e1c11",
    to: "person@example.org",
    subject: "Bitte bestätige deine Newsletter-Anmeldung",
    text: "https://www.example.org/newsletter/bestaetigen?token=geheim",
  });
}

for (const umask of [0o000, 0o022, 0o277]) {
  test(`with umask ${umask.toString(8).padStart(3, "0")}: DATA_DIR and the mail drop are 0700, a dropped mail 0600`, async () => {
    const root = mkdtempSync(path.join(tmpdir(), "portfolio-modes-"));
    const dataDir = path.join(root, "neu", "data");
    await withUmask(umask, async () => {
      const release = await lockDataDir(dataDir);
      try {
        await dropOneMail(path.join(dataDir, "mail"));
      } finally {
        await release();
      }
    });
    expect(modeOf(path.join(root, "neu")).toString(8)).toBe("700");
    expect(modeOf(dataDir).toString(8)).toBe("700");
    expect(modeOf(path.join(dataDir, "mail")).toString(8)).toBe("700");
    const [file] = readdirSync(path.join(dataDir, "mail"));
    expect(file).toMatch(/-0b9f7c52-58f4-4a8e-9d36-2a6f0f4e1c11\.eml$/);
    expect(modeOf(path.join(dataDir, "mail", file!)).toString(8)).toBe("600");
  });
}

test("the mail drop alone is created by the transport (DATA_DIR on PostgreSQL) with both directories 0700", async () => {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "portfolio-modes-")), "data");
  await withUmask(0o000, () => dropOneMail(path.join(dataDir, "mail")));
  expect(modeOf(dataDir).toString(8)).toBe("700");
  expect(modeOf(path.join(dataDir, "mail")).toString(8)).toBe("700");
});

test("an existing DATA_DIR keeps the operator's mode; an existing mail drop is tightened to 0700", async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portfolio-modes-"));
  chmodSync(dataDir, 0o750);
  mkdirSync(path.join(dataDir, "mail"), { mode: 0o755 });
  chmodSync(path.join(dataDir, "mail"), 0o755);
  await withUmask(0o000, async () => {
    const release = await lockDataDir(dataDir);
    try {
      await dropOneMail(path.join(dataDir, "mail"));
    } finally {
      await release();
    }
  });
  expect(modeOf(dataDir).toString(8)).toBe("750");
  expect(modeOf(path.join(dataDir, "mail")).toString(8)).toBe("700");
});
