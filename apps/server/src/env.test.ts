import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "./env.ts";

describe("readEnv", () => {
  it("applies the documented defaults", () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      port: 3000,
      host: "127.0.0.1",
      dataDir: path.resolve(".data"),
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      logLevel: "info",
    });
  });

  it("derives PUBLIC_URL from PORT and strips a trailing slash from a given one", () => {
    expect(readEnv({ PORT: "4000" }).publicUrl).toBe("http://localhost:4000");
    expect(readEnv({ PUBLIC_URL: "https://app.example.com/" }).publicUrl).toBe(
      "https://app.example.com",
    );
  });

  it("treats empty strings as unset", () => {
    expect(readEnv({ DATABASE_URL: "", PORT: " " }).port).toBe(3000);
  });

  it.each([
    [{ PORT: "http" }, "PORT: must be a number"],
    [{ PORT: "70000" }, "PORT: must be between 0 and 65535"],
    [{ DATABASE_URL: "mysql://db" }, "DATABASE_URL: must be a postgres://"],
    [{ PUBLIC_URL: "ftp://x.example" }, "PUBLIC_URL: must start with http:// or https://"],
    [{ LOG_LEVEL: "chatty" }, "LOG_LEVEL: must be one of"],
  ])("names the variable in the message for %o", (source, message) => {
    expect(() => readEnv(source)).toThrow(EnvError);
    expect(() => readEnv(source)).toThrow(message);
  });
});

describe("production safety (issue 8, points 1 and 7)", () => {
  const production = {
    NODE_ENV: "production",
    SMTP_URL: "smtp://mail.example.com:25",
    PUBLIC_URL: "https://app.example.com",
    META_APP_ID: "1234567890",
    META_APP_SECRET: "0123456789abcdef0123",
  };

  it("refuses to start in production without a Meta app, unless the sandbox is explicitly allowed", () => {
    const { META_APP_ID: _id, META_APP_SECRET: _secret, ...withoutMeta } = production;
    expect(() => readEnv(withoutMeta)).toThrow("META_APP_ID: is required when NODE_ENV=production");
    const demo = readEnv({ ...withoutMeta, SANDBOX_IN_PRODUCTION: "true" });
    expect(demo.sandboxInProduction).toBe(true);
    expect(demo.meta).toBeUndefined();
    expect(readEnv(production).meta).toBeDefined();
  });

  it("refuses an http PUBLIC_URL in production unless explicitly allowed", () => {
    expect(() => readEnv({ ...production, PUBLIC_URL: "http://app.example.com" })).toThrow(
      "PUBLIC_URL: must be https:// when NODE_ENV=production",
    );
    expect(
      readEnv({
        ...production,
        PUBLIC_URL: "http://app.example.com",
        ALLOW_HTTP_PUBLIC_URL: "true",
      }).publicUrl,
    ).toBe("http://app.example.com");
  });
});
