import { stdin, stdout } from "node:process";
import { createInterface } from "node:readline";
import { createAdmin, findAdminByEmail, setSecondFactorOnly } from "~/features/auth/admin-users.server";
import { openDatabase } from "~/platform/db/engines.server";
import { configuredDatabase } from "./boot";
import { setPassword } from "~/features/auth/sign-in-limits.server";
import { newPasswordProblem } from "~/features/auth/password-rules.server";
import { deactivateTotp, deleteAllPasskeys } from "~/features/auth/sign-in-factors.server";
import { deleteOtherSessions } from "~/features/auth/session.server";
import { queueSignInChangeMail, TERMINAL_DEVICE } from "~/features/auth/sign-in-notices.server";

const USAGE = `Usage:
  npm run admin -- create --email <email> [--name <name>] [--password <password>]
  npm run admin -- reset-password --email <email> [--password <password>]

Without --password the password is asked for (hidden), or read from the first line of stdin.
With the embedded database, stop the server first: it holds the database's lock.`;

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

async function readPassword(prompt: string): Promise<string> {
  if (!stdin.isTTY) {
    const lines = createInterface({ input: stdin });
    for await (const line of lines) return line;
    return "";
  }
  return new Promise((resolve) => {
    const rl = createInterface({ input: stdin, output: stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    stdout.write(prompt);
    output._writeToOutput = () => undefined; // hide what is typed
    rl.question("", (answer) => {
      rl.close();
      stdout.write("\n");
      resolve(answer);
    });
  });
}

/** `npm run admin -- create|reset-password`: account management from the terminal. */
export async function adminCli(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const email = option(args, "email");
  if ((command !== "create" && command !== "reset-password") || !email) {
    console.error(USAGE);
    return 2;
  }
  const password = option(args, "password") ?? (await readPassword("New password: "));
  const weak = await newPasswordProblem(password, [email, option(args, "name") ?? ""]);
  if (weak) {
    console.error(weak);
    return 1;
  }

  const handle = await openDatabase(configuredDatabase());
  try {
    const existing = await findAdminByEmail(handle.db, email);
    if (command === "create") {
      if (existing) {
        console.error(`An admin with ${email} exists already; use reset-password to change the password.`);
        return 1;
      }
      await createAdmin(handle.db, { email, password, name: option(args, "name") ?? "" });
      console.log(`Admin ${email} created.`);
      return 0;
    }
    if (!existing) {
      console.error(`No admin with ${email}.`);
      return 1;
    }
    await setPassword(handle.db, existing.id, password);
    await deleteOtherSessions(handle.db, existing.id);
    console.log(`Password of ${email} reset; the account is unlocked and all its sessions ended.`);
    // For an owner who lost every device: the password alone signs in again, and
    // confirms again in Profil, so the passkeys go too.
    const also: string[] = [];
    if (existing.totp_secret) {
      await deactivateTotp(handle.db, existing.id);
      console.log("The second factor (authenticator app) is turned off, and its recovery codes deleted.");
      also.push("Der zweite Faktor (Authenticator-App) wurde ausgeschaltet.");
    }
    if (existing.require_second_factor) {
      await setSecondFactorOnly(handle.db, existing.id, false);
      console.log(
        '"Anmeldung nur mit Passkey oder zweitem Faktor" is turned off: the password alone signs in.',
      );
      also.push("„Anmeldung nur mit Passkey oder zweitem Faktor“ wurde ausgeschaltet.");
    }
    const passkeys = await deleteAllPasskeys(handle.db, existing.id);
    if (passkeys > 0) {
      console.log(`${passkeys === 1 ? "The passkey is" : `All ${passkeys} passkeys are`} removed.`);
      also.push(
        passkeys === 1 ? "Der Passkey wurde entfernt." : `Alle ${passkeys} Passkeys wurden entfernt.`,
      );
    }
    await queueSignInChangeMail(
      handle.db,
      { to: existing.email, device: TERMINAL_DEVICE },
      { kind: "password-reset", also },
    );
    return 0;
  } finally {
    await handle.close();
  }
}
