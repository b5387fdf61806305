import { describe, expect, test } from "vitest";
import { EnvError, parseEnv } from "~/platform/env.server";
import { isTrustedProxy } from "../../server/request-guards";

/**
 * the TRUST_PROXY header is believed only from TRUSTED_PROXIES (default:
 * loopback), never from any connection, so a client that reaches the server directly cannot pick
 * its own address (and its own rate limit).
 */
describe("trusted proxies", () => {
  test("by default only this machine is a trusted proxy", () => {
    const { TRUSTED_PROXIES } = parseEnv({});
    expect(TRUSTED_PROXIES).toEqual(["127.0.0.0/8", "::1/128"]);
    for (const peer of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) {
      expect(isTrustedProxy(peer, TRUSTED_PROXIES), peer).toBe(true);
    }
    for (const peer of ["192.0.2.10", "10.0.0.1", "2001:db8::1", "::ffff:192.0.2.10", "unknown", ""]) {
      expect(isTrustedProxy(peer, TRUSTED_PROXIES), peer).toBe(false);
    }
  });

  test("a list of addresses and ranges, e.g. a container network", () => {
    const { TRUSTED_PROXIES } = parseEnv({ TRUSTED_PROXIES: " 172.16.0.0/12, 192.0.2.7 ,2001:db8::/32" });
    expect(isTrustedProxy("172.18.0.1", TRUSTED_PROXIES)).toBe(true);
    expect(isTrustedProxy("192.0.2.7", TRUSTED_PROXIES)).toBe(true);
    expect(isTrustedProxy("192.0.2.8", TRUSTED_PROXIES)).toBe(false);
    expect(isTrustedProxy("2001:db8:1::5", TRUSTED_PROXIES)).toBe(true);
    expect(isTrustedProxy("127.0.0.1", TRUSTED_PROXIES)).toBe(false);
  });

  test("anything but addresses and ranges is refused at start", () => {
    for (const value of ["localhost", "10.0.0.0/33", "::1/129", "10.0.0.1/8/1", "10.0.0.0/x", ","]) {
      expect(() => parseEnv({ TRUSTED_PROXIES: value }), value).toThrow(EnvError);
    }
    expect(() => parseEnv({ TRUSTED_PROXIES: "localhost" })).toThrow(/TRUSTED_PROXIES: must be IP addresses/);
  });
});
