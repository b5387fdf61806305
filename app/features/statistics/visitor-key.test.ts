import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { berlinDay, berlinMidnight, networkOf, nextDay, visitorKey } from "./visitor-key.server";

test("an IPv6 address counts by its /64 network, an IPv4 address whole", () => {
  expect(networkOf("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
  expect(networkOf("2001:0db8:0001:0002::1")).toBe("2001:db8:1:2::/64");
  expect(networkOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
  expect(networkOf("::ffff:203.0.113.9")).toBe("203.0.113.9");
  expect(networkOf("203.0.113.9")).toBe("203.0.113.9");
});

test("the key is 16 hex characters, the same for one network, browser and salt, else another", () => {
  const salt = new Uint8Array(32).fill(7);
  const key = visitorKey(salt, "2001:db8:1:2::a", "Firefox");
  expect(key).toMatch(/^[0-9a-f]{16}$/);
  expect(visitorKey(salt, "2001:db8:1:2::b", "Firefox")).toBe(key);
  expect(visitorKey(salt, "2001:db8:1:3::a", "Firefox")).not.toBe(key);
  expect(visitorKey(salt, "2001:db8:1:2::a", "Chrome")).not.toBe(key);
  expect(visitorKey(new Uint8Array(32).fill(8), "2001:db8:1:2::a", "Firefox")).not.toBe(key);
});

test("the key is sha256(salt ‖ network ‖ newline ‖ User-Agent), whatever was hashed before it", () => {
  const salt = new Uint8Array(32).fill(9);
  const expected = (input: string) =>
    createHash("sha256").update(salt).update(input).digest("hex").slice(0, 16);
  // A long, non-ASCII User-Agent first, then a short one: nothing of the first stays in the input.
  const long = `Mozilla/5.0 ${"ä".repeat(1_500)}`;
  expect(visitorKey(salt, "203.0.113.9", long)).toBe(expected(`203.0.113.9\n${long}`));
  expect(visitorKey(salt, "203.0.113.9", "Firefox")).toBe(expected("203.0.113.9\nFirefox"));
  expect(visitorKey(salt, "2001:db8:1:2::a", "Firefox")).toBe(expected("2001:db8:1:2::/64\nFirefox"));
});

test("days are Berlin's: they start at 23:00 UTC in winter and 22:00 UTC in summer", () => {
  expect(berlinDay(new Date("2026-12-05T22:59:59Z"))).toBe("2026-12-05");
  expect(berlinDay(new Date("2026-12-05T23:00:00Z"))).toBe("2026-12-06");
  expect(berlinMidnight("2026-12-06").toISOString()).toBe("2026-12-05T23:00:00.000Z");
  expect(berlinMidnight("2026-07-01").toISOString()).toBe("2026-06-30T22:00:00.000Z");
  expect(berlinMidnight("2026-03-29").toISOString()).toBe("2026-03-28T23:00:00.000Z");
  expect(berlinMidnight("2026-03-30").toISOString()).toBe("2026-03-29T22:00:00.000Z");
  expect(nextDay("2026-12-31")).toBe("2027-01-01");
});
