import { hash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";

/**
 * The visitor key (docs/decisions/0025-visit-statistics.md): a truncated SHA-256 of the day's
 * salt, the client's network and the User-Agent. Neither input is stored; the key cannot be
 * followed into another day because the salt of that day is another and the old one is deleted.
 */
export const VISITOR_KEY_LENGTH = 16;

/** The hash's input, reused (grown for a longer User-Agent). */
let scratch = Buffer.allocUnsafe(1024);

export function visitorKey(salt: Uint8Array, address: string, userAgent: string): string {
  const input = `${networkOf(address)}\n${userAgent}`;
  // The salt and the input written into one reused buffer and hashed one-shot: a Hash object, or
  // a new buffer per page view, cost more than the hashing. The same bytes as salt ‖ input.
  const length = salt.length + Buffer.byteLength(input);
  if (scratch.length < length) scratch = Buffer.allocUnsafe(Math.max(length, scratch.length * 2));
  scratch.set(salt, 0);
  scratch.write(input, salt.length, "utf8");
  return hash("sha256", scratch.subarray(0, length), "hex").slice(0, VISITOR_KEY_LENGTH);
}

/**
 * The part of an address that stands for one visitor: an IPv4 address whole, an IPv6 address by
 * its /64 network (its interface part changes by the hour with privacy extensions).
 */
export function networkOf(address: string): string {
  // Nearly every address: Node's isIPv6 is a long regular expression, isIPv4 a short one.
  if (isIPv4(address)) return address;
  const bare = address.replace(/%.*$/, "").replace(/^\[|\]$/g, "");
  const mapped = bare.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (!isIPv6(bare)) return bare;
  return `${expandIPv6(bare).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, without "::" and leading zeros. */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // An IPv4 tail (::ffff:…, 64:ff9b::…) as two groups.
  const tail = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = text.slice(0, tail.index) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, rest] = text.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = rest ? rest.split(":") : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

const BERLIN_DAY = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Berlin",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const BERLIN_OFFSET = new Intl.DateTimeFormat("en-US", {
  timeZone: "Europe/Berlin",
  timeZoneName: "longOffset",
});

/** The calendar day in Europe/Berlin of a moment, as "YYYY-MM-DD". */
export const berlinDay = (moment: Date): string => BERLIN_DAY.format(moment);

/** The moment a Berlin day starts (midnight there, 23:00 or 22:00 UTC of the day before). */
export function berlinMidnight(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  let start = utcMidnight - offsetMs(new Date(utcMidnight));
  start = utcMidnight - offsetMs(new Date(start));
  return new Date(start);
}

/** The day `n` days after (before, for a negative `n`) a day "YYYY-MM-DD". */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + n * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** The day after a Berlin day. */
export const nextDay = (day: string): string => addDays(day, 1);

/** Days from `from` to `to`, both included (1 for the same day). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / (24 * 60 * 60 * 1000)) + 1;

function offsetMs(moment: Date): number {
  const name = BERLIN_OFFSET.formatToParts(moment).find((part) => part.type === "timeZoneName")?.value;
  const match = name?.match(/GMT([+-])(\d{2}):(\d{2})/);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === "-" ? -1 : 1) * minutes * 60 * 1000;
}
