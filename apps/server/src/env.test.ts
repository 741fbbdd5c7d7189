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

  it("reads an AI provider only when it is complete", () => {
    expect(readEnv({}).ai).toBeUndefined();
    expect(
      readEnv({
        AI_PROVIDER: "openai-compatible",
        AI_MODEL: "llava",
        AI_BASE_URL: "http://127.0.0.1:11434/v1",
      }).ai,
    ).toEqual({
      provider: "openai-compatible",
      model: "llava",
      apiKey: undefined,
      baseUrl: "http://127.0.0.1:11434/v1",
    });
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
    [{ AI_PROVIDER: "openai" }, "AI_PROVIDER: must be openai-compatible, anthropic or google"],
    [{ AI_PROVIDER: "anthropic", AI_API_KEY: "k" }, "AI_MODEL: must name the model"],
    [{ AI_PROVIDER: "openai-compatible", AI_MODEL: "llava" }, "AI_BASE_URL: must be set"],
    [{ AI_PROVIDER: "google", AI_MODEL: "gemini-2.5-flash" }, "AI_API_KEY: must be set"],
  ])("names the variable in the message for %o", (source, message) => {
    expect(() => readEnv(source)).toThrow(EnvError);
    expect(() => readEnv(source)).toThrow(message);
  });
});

describe("production safety", () => {
  const production = {
    NODE_ENV: "production",
    SMTP_URL: "smtp://mail.example.com:25",
    PUBLIC_URL: "https://app.example.com",
  };

  it("refuses to start without a Meta app unless the sandbox is explicitly allowed", () => {
    expect(() => readEnv(production)).toThrow(/META_APP_ID: is required when NODE_ENV=production/);
    const demo = readEnv({ ...production, SANDBOX_IN_PRODUCTION: "true" });
    expect(demo.sandboxInProduction).toBe(true);
    const real = readEnv({
      ...production,
      META_APP_ID: "123",
      META_APP_SECRET: "x".repeat(32),
      META_WEBHOOK_VERIFY_TOKEN: "v".repeat(24),
    });
    expect(real.meta).toBeDefined();
    expect(readEnv({ SANDBOX_IN_PRODUCTION: "true" }).sandboxInProduction).toBe(false);
  });

  it("keeps the auth rate limits on unless NODE_ENV=test asks for them off", () => {
    expect(readEnv({}).authRateLimits).toBe("on");
    expect(readEnv({ NODE_ENV: "test", AUTH_RATE_LIMITS: "off" }).authRateLimits).toBe("off");
    expect(() => readEnv({ AUTH_RATE_LIMITS: "off" })).toThrow(
      /AUTH_RATE_LIMITS: can be off only when NODE_ENV=test/,
    );
    expect(() =>
      readEnv({ ...production, SANDBOX_IN_PRODUCTION: "true", AUTH_RATE_LIMITS: "off" }),
    ).toThrow(/AUTH_RATE_LIMITS: can be off only when NODE_ENV=test/);
  });

  it("hashes passwords at Better Auth's full cost unless NODE_ENV=test asks for the cheap one", () => {
    expect(readEnv({}).authPasswordCost).toBe("standard");
    expect(readEnv({ NODE_ENV: "test", AUTH_PASSWORD_COST: "test" }).authPasswordCost).toBe("test");
    expect(() => readEnv({ AUTH_PASSWORD_COST: "test" })).toThrow(
      /AUTH_PASSWORD_COST: can be test only when NODE_ENV=test/,
    );
    expect(() =>
      readEnv({ ...production, SANDBOX_IN_PRODUCTION: "true", AUTH_PASSWORD_COST: "test" }),
    ).toThrow(/AUTH_PASSWORD_COST: can be test only when NODE_ENV=test/);
  });

  it("refuses an http PUBLIC_URL (or none) in production unless explicitly allowed", () => {
    const base = { ...production, SANDBOX_IN_PRODUCTION: "true" };
    expect(() => readEnv({ ...base, PUBLIC_URL: "http://app.example.com" })).toThrow(
      /PUBLIC_URL: must be an https:\/\/ address/,
    );
    expect(() => readEnv({ ...base, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL/);
    expect(
      readEnv({ ...base, PUBLIC_URL: "http://app.example.com", ALLOW_HTTP_PUBLIC_URL: "true" })
        .publicUrl,
    ).toBe("http://app.example.com");
    expect(readEnv({ PUBLIC_URL: "http://localhost:3000" }).publicUrl).toBe(
      "http://localhost:3000",
    );
  });
});

describe("the two Instagram secrets (contract §12.1)", () => {
  const meta = {
    META_APP_ID: "123",
    META_APP_SECRET: "m".repeat(32),
    META_WEBHOOK_VERIFY_TOKEN: "v".repeat(24),
  };

  it("reads the Instagram app beside the Meta app, and only as a pair", () => {
    const env = readEnv({ ...meta, INSTAGRAM_APP_ID: "456", INSTAGRAM_APP_SECRET: "i".repeat(32) });
    expect(env.meta).toEqual({
      appId: "123",
      appSecret: "m".repeat(32),
      webhookVerifyToken: "v".repeat(24),
      instagram: { appId: "456", appSecret: "i".repeat(32) },
    });
    expect(readEnv(meta).meta?.instagram).toBeUndefined();
    expect(() => readEnv({ ...meta, INSTAGRAM_APP_ID: "456" })).toThrow(/INSTAGRAM_APP_SECRET/);
    expect(() =>
      readEnv({ INSTAGRAM_APP_ID: "456", INSTAGRAM_APP_SECRET: "i".repeat(32) }),
    ).toThrow(/META_APP_ID/);
  });

  it("needs the webhook verify token with a Meta app", () => {
    const { META_WEBHOOK_VERIFY_TOKEN: _token, ...withoutToken } = meta;
    expect(() => readEnv(withoutToken)).toThrow(/META_WEBHOOK_VERIFY_TOKEN: is required/);
    expect(() => readEnv({ ...meta, META_WEBHOOK_VERIFY_TOKEN: "short" })).toThrow(
      /META_WEBHOOK_VERIFY_TOKEN: must be at least 16/,
    );
  });

  it("refuses the Meta app secret given as the Instagram app secret", () => {
    expect(() =>
      readEnv({ ...meta, INSTAGRAM_APP_ID: "456", INSTAGRAM_APP_SECRET: "m".repeat(32) }),
    ).toThrow(/INSTAGRAM_APP_SECRET: must be the Instagram app secret/);
  });
});

describe("ENCRYPTION_KEYS", () => {
  const k = Buffer.alloc(32, 1).toString("base64");
  it("parses the key list, refuses a bad one, and is required with DATABASE_URL", () => {
    expect(readEnv({ ENCRYPTION_KEYS: `k1:${k}` }).encryptionKeys?.[0]?.id).toBe("k1");
    expect(() => readEnv({ ENCRYPTION_KEYS: "k1:c2hvcnQ=" })).toThrow(
      /ENCRYPTION_KEYS: key k1 must be 32 bytes/,
    );
    expect(() => readEnv({ DATABASE_URL: "postgres://db/x", AUTH_SECRET: "s".repeat(32) })).toThrow(
      /ENCRYPTION_KEYS: is required when DATABASE_URL is set/,
    );
    expect(readEnv({}).encryptionKeys).toBeUndefined();
  });
  it("turns billing on only with every Stripe variable, and names what is missing", () => {
    const stripe = {
      STRIPE_SECRET_KEY: "sk_test_abc123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc123",
      STRIPE_PRICE_STARTER: "price_s1",
      STRIPE_PRICE_PRO: "price_p1",
      STRIPE_PRICE_PREMIUM: "price_x1",
    };
    expect(readEnv({}).stripe).toBeUndefined();
    expect(readEnv(stripe).stripe).toEqual({
      secretKey: "sk_test_abc123",
      webhookSecret: "whsec_abc123",
      prices: { starter: "price_s1", pro: "price_p1", premium: "price_x1" },
      graceDays: 7,
      apiUrl: undefined,
    });
    const { STRIPE_WEBHOOK_SECRET: _secret, STRIPE_PRICE_PRO: _pro, ...partial } = stripe;
    expect(() => readEnv(partial)).toThrow(EnvError);
    expect(() => readEnv(partial)).toThrow(
      /STRIPE_WEBHOOK_SECRET: billing with Stripe needs all of .*; STRIPE_SECRET_KEY, STRIPE_PRICE_STARTER, STRIPE_PRICE_PREMIUM are set but STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PRO are missing/,
    );
    expect(() => readEnv({ ...stripe, STRIPE_PRICE_PRO: "prod_123" })).toThrow(
      /STRIPE_PRICE_PRO: must be a Stripe price id/,
    );
    // The stand-in address is for tests only.
    expect(() => readEnv({ ...stripe, STRIPE_API_URL: "http://127.0.0.1:9" })).toThrow(
      /STRIPE_API_URL: can be set only when NODE_ENV=test/,
    );
    expect(
      readEnv({ ...stripe, NODE_ENV: "test", STRIPE_API_URL: "http://127.0.0.1:9" }).stripe?.apiUrl,
    ).toBe("http://127.0.0.1:9");
  });

  it("lets outgoing webhooks call this machine only in tests (WEBHOOKS_ALLOW_LOOPBACK)", () => {
    expect(readEnv({}).webhooksAllowLoopback).toBe(false);
    expect(() => readEnv({ WEBHOOKS_ALLOW_LOOPBACK: "true" })).toThrow(
      /WEBHOOKS_ALLOW_LOOPBACK: can be true only when NODE_ENV=test/,
    );
    expect(
      readEnv({ NODE_ENV: "test", WEBHOOKS_ALLOW_LOOPBACK: "true" }).webhooksAllowLoopback,
    ).toBe(true);
    expect(() => readEnv({ NODE_ENV: "test", WEBHOOKS_ALLOW_LOOPBACK: "yes" })).toThrow(
      /WEBHOOKS_ALLOW_LOOPBACK: must be true or false/,
    );
  });

  it("reads PLAN_PRICES as display text per plan, and none by default", () => {
    expect(readEnv({}).planPrices).toEqual({});
    expect(readEnv({ PLAN_PRICES: "starter=€9 a month, pro=€29 a month" }).planPrices).toEqual({
      starter: "€9 a month",
      pro: "€29 a month",
    });
    expect(() => readEnv({ PLAN_PRICES: "gold=€1" })).toThrow(/PLAN_PRICES: must be plan=text/);
  });
});

describe("a shared Instagram sandbox (INSTAGRAM_SANDBOX_URL)", () => {
  const secret = "s".repeat(40);

  it("is unset by default: the sandbox is mounted in process", () => {
    expect(readEnv({}).sharedSandbox).toBeUndefined();
  });

  it("reads the sandbox's origin and the secret shared with it", () => {
    expect(
      readEnv({ INSTAGRAM_SANDBOX_URL: "http://127.0.0.1:4010/", SANDBOX_SECRET: secret })
        .sharedSandbox,
    ).toEqual({ origin: "http://127.0.0.1:4010", secret });
    expect(
      readEnv({ INSTAGRAM_SANDBOX_URL: "https://sandbox.example.com", SANDBOX_SECRET: secret })
        .sharedSandbox?.origin,
    ).toBe("https://sandbox.example.com");
  });

  it.each([
    ["ftp://127.0.0.1:4010", "INSTAGRAM_SANDBOX_URL: must start with http:// or https://"],
    ["127.0.0.1:4010", "INSTAGRAM_SANDBOX_URL: must"],
    ["not a url", "INSTAGRAM_SANDBOX_URL: must be an absolute http(s) URL"],
    ["http://127.0.0.1:4010/sandbox", "INSTAGRAM_SANDBOX_URL: must be the sandbox's origin only"],
    ["http://user:pw@127.0.0.1:4010", "INSTAGRAM_SANDBOX_URL: must be the sandbox's origin only"],
    ["http://127.0.0.1:4010/?a=1", "INSTAGRAM_SANDBOX_URL: must be the sandbox's origin only"],
  ])("refuses %s", (url, message) => {
    expect(() => readEnv({ INSTAGRAM_SANDBOX_URL: url, SANDBOX_SECRET: secret })).toThrow(message);
  });

  it("needs the shared secret, and the secret needs the URL", () => {
    expect(() => readEnv({ INSTAGRAM_SANDBOX_URL: "http://127.0.0.1:4010" })).toThrow(
      /SANDBOX_SECRET: is required with INSTAGRAM_SANDBOX_URL/,
    );
    expect(() =>
      readEnv({ INSTAGRAM_SANDBOX_URL: "http://127.0.0.1:4010", SANDBOX_SECRET: "short" }),
    ).toThrow(/SANDBOX_SECRET: must be at least 32 characters/);
    expect(() => readEnv({ SANDBOX_SECRET: secret })).toThrow(
      /SANDBOX_SECRET: is used only with INSTAGRAM_SANDBOX_URL/,
    );
  });

  it("is refused with a Meta app", () => {
    expect(() =>
      readEnv({
        INSTAGRAM_SANDBOX_URL: "http://127.0.0.1:4010",
        SANDBOX_SECRET: secret,
        META_APP_ID: "123",
        META_APP_SECRET: "x".repeat(32),
        META_WEBHOOK_VERIFY_TOKEN: "v".repeat(24),
      }),
    ).toThrow(/INSTAGRAM_SANDBOX_URL: cannot be set with META_APP_ID/);
  });

  it("is refused in production unless SANDBOX_IN_PRODUCTION=true, like the mounted sandbox", () => {
    const production = {
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example.com:25",
      PUBLIC_URL: "https://app.example.com",
      INSTAGRAM_SANDBOX_URL: "https://sandbox.example.com",
      SANDBOX_SECRET: secret,
    };
    expect(() => readEnv(production)).toThrow(
      /INSTAGRAM_SANDBOX_URL: can be set with NODE_ENV=production only together with SANDBOX_IN_PRODUCTION=true/,
    );
    const demo = readEnv({ ...production, SANDBOX_IN_PRODUCTION: "true" });
    expect(demo.sandboxInProduction).toBe(true);
    expect(demo.sharedSandbox?.origin).toBe("https://sandbox.example.com");
  });
});

describe("observability (decision 031)", () => {
  it("turns /metrics on only with a long enough METRICS_TOKEN", () => {
    expect(readEnv({}).metricsToken).toBeUndefined();
    const token = "m".repeat(32);
    expect(readEnv({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => readEnv({ METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    expect(() => readEnv({ METRICS_TOKEN: `${"m".repeat(32)} x` })).toThrow(
      /METRICS_TOKEN: must be printable ASCII without spaces/,
    );
  });

  it("turns tracing on only with OTEL_EXPORTER_OTLP_ENDPOINT, sending to its /v1/traces", () => {
    expect(readEnv({}).otel).toBeUndefined();
    expect(readEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318/" }).otel).toEqual({
      tracesUrl: "http://collector:4318/v1/traces",
      serviceName: "sightline",
    });
    expect(
      readEnv({
        OTEL_EXPORTER_OTLP_ENDPOINT: "https://otel.example.com",
        OTEL_SERVICE_NAME: "web-1",
      }).otel,
    ).toEqual({ tracesUrl: "https://otel.example.com/v1/traces", serviceName: "web-1" });
    expect(() => readEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "collector:4318" })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
    expect(() => readEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "grpc://collector:4317" })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => readEnv({ OTEL_SERVICE_NAME: "my service" })).toThrow(/OTEL_SERVICE_NAME/);
  });

  it("reads SHUTDOWN_DELAY_SECONDS as milliseconds, none by default, at most a minute", () => {
    expect(readEnv({}).shutdownDelayMs).toBe(0);
    expect(readEnv({ SHUTDOWN_DELAY_SECONDS: "5" }).shutdownDelayMs).toBe(5_000);
    expect(() => readEnv({ SHUTDOWN_DELAY_SECONDS: "61" })).toThrow(
      /SHUTDOWN_DELAY_SECONDS: must be between 0 and 60/,
    );
    expect(() => readEnv({ SHUTDOWN_DELAY_SECONDS: "1.5" })).toThrow(
      /SHUTDOWN_DELAY_SECONDS: must be a whole number/,
    );
  });
});
