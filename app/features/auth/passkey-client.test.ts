import { expect, test } from "vitest";
import { passkeyErrorMessage } from "./passkey-client";

/** The owner saw the browser's "127.0.0.1 is an invalid domain" as the toast. */
test("the browser's WebAuthn errors become German sentences; passkeys need https or localhost", () => {
  // SimpleWebAuthn's WebAuthnError keeps the DOMException's name and has an English message.
  const error = (name: string, message = "127.0.0.1 is an invalid domain") =>
    Object.assign(new Error(message), { name, code: "ERROR_INVALID_DOMAIN" });

  expect(passkeyErrorMessage(error("SecurityError"))).toBe(
    "Passkeys funktionieren nur unter einem Host-Namen mit https (zum Beispiel https://www.example.de) oder unter localhost, nicht unter einer IP-Adresse wie 127.0.0.1 oder über http. Öffne den Admin-Bereich unter der Adresse, die in PUBLIC_URL steht.",
  );
  expect(
    passkeyErrorMessage(error("NotAllowedError", "The operation either timed out or was not allowed.")),
  ).toBe("Der Passkey-Vorgang wurde abgebrochen oder hat zu lange gedauert. Bitte versuche es erneut.");
  expect(passkeyErrorMessage(error("InvalidStateError"))).toContain("schon eingerichtet");
  expect(passkeyErrorMessage(error("NotSupportedError"))).toContain(
    "unterstützt die verlangte Art von Passkey nicht",
  );
  expect(passkeyErrorMessage(error("AbortError"))).toBe(
    "Der Passkey-Vorgang wurde abgebrochen. Bitte versuche es erneut.",
  );
  expect(passkeyErrorMessage(error("ConstraintError"))).toContain(
    "Fingerabdruck, Gesichtserkennung oder Geräte-PIN",
  );
  for (const unknown of [error("UnknownError"), new TypeError("x"), "kaputt", undefined]) {
    expect(passkeyErrorMessage(unknown)).toBe(
      "Der Passkey-Vorgang ist fehlgeschlagen. Bitte versuche es erneut.",
    );
  }
});
