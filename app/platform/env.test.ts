import path from "node:path";
import { describe, expect, test } from "vitest";
import { checkServerEnv, EnvError, parseEnv, PUBLIC_URL_REQUIRED } from "~/platform/env.server";

describe("environment", () => {
  test("has working defaults for the quick start", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      PUBLIC_URL: "http://localhost:3000",
      isHttps: false,
      publicUrlGiven: false,
    });
    expect(env.DATA_DIR).toBe(path.resolve("./data"));
    expect(env.DATABASE_URL).toBeUndefined();
  });

  test("derives PUBLIC_URL from PORT and normalises it to an origin", () => {
    expect(parseEnv({ PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    const env = parseEnv({ PUBLIC_URL: "https://www.example.com/" });
    expect(env).toMatchObject({ PUBLIC_URL: "https://www.example.com", isHttps: true });
  });

  test("treats empty values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", PORT: " " })).toMatchObject({ DATABASE_URL: undefined, PORT: 3000 });
  });

  test("names every invalid variable", () => {
    const error = (() => {
      try {
        parseEnv({ PORT: "abc", DATABASE_URL: "mysql://x", PUBLIC_URL: "ftp://x", SMTP_URL: "http://x" });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as Error).message;
    for (const name of ["PORT", "DATABASE_URL", "PUBLIC_URL", "SMTP_URL"]) expect(message).toContain(name);
  });

  test("ADMIN_PASSWORD needs ADMIN_EMAIL; ADMIN_EMAIL alone is where the setup link goes", () => {
    expect(parseEnv({ ADMIN_EMAIL: "owner@example.com" }).ADMIN_EMAIL).toBe("owner@example.com");
    expect(() => parseEnv({ ADMIN_PASSWORD: "long-enough-password" })).toThrow(/ADMIN_EMAIL/);
    expect(() => parseEnv({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "kurz" })).toThrow(
      /ADMIN_PASSWORD/,
    );
    // The same rule as the setup page and `npm run admin`: no password from the common list.
    expect(() => parseEnv({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "password123" })).toThrow(
      /ADMIN_PASSWORD.*common/,
    );
    expect(
      parseEnv({ ADMIN_EMAIL: "owner@example.com", ADMIN_PASSWORD: "long-enough-password" }),
    ).toMatchObject({
      ADMIN_EMAIL: "owner@example.com",
    });
  });

  test("a production server without PUBLIC_URL does not start when it listens beyond this machine", () => {
    const refusal = (() => {
      try {
        checkServerEnv(parseEnv({ NODE_ENV: "production", HOST: "0.0.0.0" }));
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(EnvError);
    expect((refusal as Error).message).toBe(`Invalid environment:\n  PUBLIC_URL: ${PUBLIC_URL_REQUIRED}`);
    // It says why and how, in the operator's terms.
    for (const part of [
      "PUBLIC_URL=https://www.example.de",
      "setup link",
      "e-mails",
      "Origin check",
      "HOST=127.0.0.1",
    ])
      expect(PUBLIC_URL_REQUIRED).toContain(part);
    // NODE_ENV and HOST unset are production on 0.0.0.0, too; an empty PUBLIC_URL is unset.
    expect(() => checkServerEnv(parseEnv({}))).toThrow(EnvError);
    expect(() => checkServerEnv(parseEnv({ HOST: "192.0.2.10", PUBLIC_URL: " " }))).toThrow(/PUBLIC_URL/);
  });

  test("on loopback only, http://localhost:PORT is the public address and the server starts", () => {
    for (const HOST of ["127.0.0.1", "::1", "localhost"]) {
      const config = parseEnv({ NODE_ENV: "production", HOST, PORT: "8080" });
      expect(() => checkServerEnv(config), HOST).not.toThrow();
      expect(config.PUBLIC_URL).toBe("http://localhost:8080");
    }
  });

  test("with PUBLIC_URL, or outside production, the server starts on any address", () => {
    const config = parseEnv({
      NODE_ENV: "production",
      HOST: "0.0.0.0",
      PUBLIC_URL: "https://www.example.de",
    });
    expect(() => checkServerEnv(config)).not.toThrow();
    expect(config).toMatchObject({ PUBLIC_URL: "https://www.example.de", publicUrlGiven: true });
    for (const NODE_ENV of ["development", "test"]) {
      expect(() => checkServerEnv(parseEnv({ NODE_ENV, HOST: "0.0.0.0" })), NODE_ENV).not.toThrow();
    }
  });
});
