import { isIP } from "node:net";
import {
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  timingSafeEqual,
  type KeyObject,
} from "node:crypto";
import { keepFirstMeta } from "~/platform/db/app-meta.server";
import type { Db } from "~/platform/db/engines.server";

/**
 * A random secret of this installation, created on first use and kept in the database (so every
 * instance shares it). It keys HMACs: form timing tokens, unsubscribe links, client keys.
 */
const secrets = new WeakMap<Db, Buffer>();

export async function installationSecret(db: Db): Promise<Buffer> {
  const cached = secrets.get(db);
  if (cached) return cached;
  const secret = Buffer.from(await keepFirstMeta(db, "secret", randomBytes(32).toString("hex")), "hex");
  secrets.set(db, secret);
  return secret;
}

/**
 * The secrets as key objects: an HMAC keyed with a Buffer costs about 20 µs in Node 24 (most of
 * it in telling a Buffer from a KeyObject), one keyed with a KeyObject about 4 µs. Each public
 * form POST computes two.
 */
const keyObjects = new WeakMap<Buffer, KeyObject>();

export function hmac(secret: Buffer, value: string): string {
  let key = keyObjects.get(secret);
  if (!key) keyObjects.set(secret, (key = createSecretKey(secret)));
  return createHmac("sha256", key).update(value).digest("base64url");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function sha256Hex(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/**
 * A key for rate limiting that identifies a client without storing its address (a keyed hash:
 * pseudonymisation). IPv6 clients are grouped by their network (`prefix` bits, a multiple of
 * 16): one connection usually holds a whole /64, one customer often a /48, and could otherwise
 * step past every limit. The sign-in limits keep /64, the public forms use /48.
 */
export function clientKey(secret: Buffer, address: string, prefix: 48 | 64 = 64): string {
  return hmac(secret, `client:${clientNetwork(address, prefix)}`).slice(0, 32);
}

/** An IPv4 address as is (also when mapped into IPv6), an IPv6 address as its network. */
export function clientNetwork(address: string, prefix: 48 | 64 = 64): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = "", tail] = address.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, prefix / 16)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/${prefix}`;
}

/** Rendered into a form: proves when the form was shown, for the minimum fill time. */
export function issueFormToken(secret: Buffer, now = Date.now()): string {
  return `${now}.${hmac(secret, `form:${now}`)}`;
}

/** Milliseconds since the form was shown, or undefined for a missing or forged token. */
export function formAge(secret: Buffer, token: unknown, now = Date.now()): number | undefined {
  if (typeof token !== "string") return undefined;
  const [issued, signature] = token.split(".");
  if (!issued || !signature || !/^\d{10,16}$/.test(issued)) return undefined;
  if (!safeEqual(signature, hmac(secret, `form:${issued}`))) return undefined;
  return now - Number(issued);
}
