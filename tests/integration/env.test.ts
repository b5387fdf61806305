import path from "node:path";
import { describe, expect, test } from "vitest";
import { EnvError, parseEnv } from "~/env.server";

describe("environment", () => {
  test("has working defaults for the quick start", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: "0.0.0.0",
      PUBLIC_URL: "http://localhost:3000",
      isHttps: false,
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

  test("requires ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(() => parseEnv({ ADMIN_EMAIL: "owner@example.com" })).toThrow(/ADMIN_PASSWORD/);
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
});
