import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

/**
 * A passkey authenticator in software, for integration tests: it answers WebAuthn options as a
 * browser with a platform authenticator would (attestation "none", ES256), and can leave out
 * user verification (the UV flag) the way a security key touched without a PIN does. Nothing
 * here is checked: SimpleWebAuthn on the server does all the checking.
 */

type CborValue = number | string | Uint8Array | CborValue[] | Map<CborValue, CborValue>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  const head = Buffer.alloc(3);
  head[0] = (major << 5) | 25;
  head.writeUInt16BE(length, 1);
  return head;
}

/** Enough of CBOR (RFC 8949) for attestation objects and COSE keys. */
function cbor(value: CborValue): Buffer {
  if (typeof value === "number") return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([cborHead(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([cborHead(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([
    cborHead(5, value.size),
    ...[...value].flatMap(([key, entry]) => [cbor(key), cbor(entry)]),
  ]);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest();

const FLAG = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 } as const;

export type SoftPasskey = { id: string; privateKey: KeyObject; userHandle: string; counter: number };

export function softAuthenticator({ origin }: { origin: string }) {
  const rpId = new URL(origin).hostname;
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const flags = (userVerified: boolean, extra = 0) =>
    FLAG.userPresent | (userVerified ? FLAG.userVerified : 0) | extra;

  return {
    /** navigator.credentials.create() with the server's registration options. */
    register(
      options: { challenge: string; user: { id: string } },
      { userVerified = true }: { userVerified?: boolean } = {},
    ) {
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const jwk = publicKey.export({ format: "jwk" });
      const coseKey = new Map<CborValue, CborValue>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]);
      const credentialId = randomBytes(16);
      const counter = Buffer.alloc(4);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags(userVerified, FLAG.attested)]),
        counter,
        Buffer.alloc(16),
        idLength,
        credentialId,
        cbor(coseKey),
      ]);
      const attestationObject = cbor(
        new Map<CborValue, CborValue>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      const passkey: SoftPasskey = {
        id: b64url(credentialId),
        privateKey,
        userHandle: options.user.id,
        counter: 0,
      };
      const response = {
        id: passkey.id,
        rawId: passkey.id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
      return { passkey, response };
    },

    /** navigator.credentials.get() with the server's authentication options. */
    authenticate(
      passkey: SoftPasskey,
      options: { challenge: string },
      { userVerified = true }: { userVerified?: boolean } = {},
    ) {
      passkey.counter += 1;
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(passkey.counter);
      const authData = Buffer.concat([sha256(rpId), Buffer.from([flags(userVerified)]), counter]);
      const clientDataJSON = clientData("webauthn.get", options.challenge);
      const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), passkey.privateKey);
      return {
        id: passkey.id,
        rawId: passkey.id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: passkey.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
