import path from "node:path";
import { z } from "zod";
import { parseEncryptionKeys } from "./platform/token-vault.ts";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const stripePriceId = z
  .string()
  .regex(/^price_[A-Za-z0-9]+$/, "must be a Stripe price id (price_…)")
  .optional();

const paidPlans = ["starter", "pro", "premium"] as const;

/**
 * PLAN_PRICES: what each paid plan costs, as text to show (`starter=€9 a month,pro=€29 a
 * month`). Amounts are configuration, never code (issue 30); a plan left out shows none.
 */
export function parsePlanPrices(
  value: string,
): Partial<Record<(typeof paidPlans)[number], string>> {
  const prices: Partial<Record<(typeof paidPlans)[number], string>> = {};
  for (const entry of value.split(",")) {
    const [name, ...rest] = entry.split("=");
    const plan = name?.trim().toLowerCase();
    const text = rest.join("=").trim();
    if (!paidPlans.includes(plan as (typeof paidPlans)[number]) || !text || text.length > 60) {
      throw new Error(
        "must be plan=text pairs separated by commas, for starter, pro and premium (e.g. starter=€9 a month,pro=€29 a month), each text at most 60 characters",
      );
    }
    prices[plan as (typeof paidPlans)[number]] = text;
  }
  return prices;
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be between 0 and 65535")
      .max(65535, "must be between 0 and 65535")
      .default(3000),
    HOST: z.string().min(1, "must not be empty").default("127.0.0.1"),
    DATA_DIR: z.string().min(1, "must not be empty").default("./.data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// connection string")
      .optional(),
    PUBLIC_URL: z
      .url({ error: "must be an absolute http(s) URL, such as https://sightline.example.com" })
      .refine((value) => /^https?:\/\//.test(value), "must start with http:// or https://")
      .optional(),
    LOG_LEVEL: z
      .enum(logLevels, { error: `must be one of ${logLevels.join(", ")}` })
      .default("info"),
    AUTH_SECRET: z
      .string()
      .min(32, "must be at least 32 characters (e.g. `openssl rand -hex 32`)")
      .optional(),
    ENCRYPTION_KEYS: z
      .string()
      .superRefine((value, ctx) => {
        try {
          parseEncryptionKeys(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
        }
      })
      .optional(),
    SMTP_URL: z
      .string()
      .regex(
        /^smtps?:\/\/.+/,
        "must be an smtp:// or smtps:// URL, such as smtps://user:pass@mail.example.com:465",
      )
      .optional(),
    MAIL_FROM: z
      .string()
      .min(3, "must be an address such as Sightline <hello@example.com>")
      .optional(),
    SUPPORT_EMAIL: z.email("must be an e-mail address").default("support@sightline.app"),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    META_APP_ID: z
      .string()
      .regex(/^\d+$/, "must be the numeric app id from Meta's app dashboard")
      .optional(),
    META_APP_SECRET: z
      .string()
      .min(16, "must be the app secret from Meta's app dashboard")
      .optional(),
    META_WEBHOOK_VERIFY_TOKEN: z
      .string()
      .min(
        16,
        "must be at least 16 characters (the Verify Token you enter in Meta's Webhooks setup)",
      )
      .max(200, "must be at most 200 characters")
      .optional(),
    INSTAGRAM_APP_ID: z
      .string()
      .regex(
        /^\d+$/,
        "must be the numeric Instagram app id (app dashboard: Instagram > API setup with Instagram login)",
      )
      .optional(),
    INSTAGRAM_APP_SECRET: z
      .string()
      .min(
        16,
        "must be the Instagram app secret (app dashboard: Instagram > API setup with Instagram login)",
      )
      .optional(),
    TRUST_PROXY: z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    ALLOWED_HOSTS: z
      .string()
      .regex(
        /^[A-Za-z0-9.\-[\]:]+(,[A-Za-z0-9.\-[\]:]+)*$/,
        "must be host names separated by commas",
      )
      .optional(),
    SANDBOX_IN_PRODUCTION: z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    SANDBOX_CONTROL_TOKEN: z
      .string()
      .min(16, "must be at least 16 characters")
      .max(200, "must be at most 200 characters")
      .optional(),
    INSTAGRAM_SANDBOX_URL: z
      .url({ error: "must be an absolute http(s) URL, such as http://127.0.0.1:4010" })
      .refine((value) => /^https?:\/\//i.test(value), "must start with http:// or https://")
      .refine((value) => {
        let url: URL;
        try {
          url = new URL(value);
        } catch {
          // Already refused as not a URL.
          return true;
        }
        return (
          url.username === "" &&
          url.password === "" &&
          url.search === "" &&
          url.hash === "" &&
          (url.pathname === "/" || url.pathname === "")
        );
      }, "must be the sandbox's origin only (no path, query or credentials), such as http://127.0.0.1:4010")
      .optional(),
    SANDBOX_SECRET: z
      .string()
      .min(32, "must be at least 32 characters (e.g. `openssl rand -hex 32`)")
      .max(200, "must be at most 200 characters")
      .optional(),
    ALLOW_HTTP_PUBLIC_URL: z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    AI_PROVIDER: z
      .enum(["openai-compatible", "anthropic", "google"], {
        error: "must be openai-compatible, anthropic or google",
      })
      .optional(),
    AI_MODEL: z.string().min(1).max(200).optional(),
    AI_API_KEY: z.string().min(1).max(500).optional(),
    AI_BASE_URL: z
      .url("must be the API's base URL, such as http://127.0.0.1:11434/v1")
      .regex(/^https?:\/\//, "must be an http:// or https:// URL")
      .optional(),
    WEBHOOK_RETENTION_DAYS: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(2, "must be at least 2 (deliveries up to 2 days old are taken)")
      .max(365, "must be at most 365")
      .default(7),
    AUDIT_RETENTION_DAYS: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(30, "must be at least 30")
      .max(3650, "must be at most 3650")
      .default(365),
    AUTOMATION_PRIVATE_REPLIES_PER_HOUR: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(750, "must be at most 750")
      .default(750),
    AUTOMATION_DMS_PER_HOUR: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(1000, "must be at most 1000")
      .default(200),
    AUTOMATION_PUBLIC_REPLIES_PER_HOUR: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(1000, "must be at most 1000")
      .default(200),
    AUTOMATION_SENDS_PER_SECOND: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(100, "must be at most 100")
      .default(5),
    TRUST_PROXY_HOPS: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(10, "must be at most 10")
      .default(1),
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        "must be an S3 bucket name (3–63 lowercase letters, digits, dots and hyphens)",
      )
      .optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]{2,40}$/, "must be a region name such as us-east-1")
      .default("us-east-1"),
    S3_ENDPOINT: z
      .url({ error: "must be an absolute http(s) URL, such as https://minio.example.com:9000" })
      .refine((value) => /^https?:\/\//.test(value), "must start with http:// or https://")
      .optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).max(256, "must be at most 256 characters").optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).max(256, "must be at most 256 characters").optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    /**
     * Browser tests only: "off" switches the sign-in, sign-up and recovery rate limits off, so
     * their set-up can make many accounts from one address. Refused outside NODE_ENV=test.
     */
    AUTH_RATE_LIMITS: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
    /**
     * Tests only: "test" hashes passwords with Better Auth's scrypt at 1/32 of its work
     * (auth/test-password-hash.ts). Refused outside NODE_ENV=test.
     */
    AUTH_PASSWORD_COST: z
      .enum(["standard", "test"], { error: "must be standard or test" })
      .default("standard"),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/,
        "must be a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_…)",
      )
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]+$/, "must be the webhook endpoint's signing secret (whsec_…)")
      .optional(),
    STRIPE_PRICE_STARTER: stripePriceId,
    STRIPE_PRICE_PRO: stripePriceId,
    STRIPE_PRICE_PREMIUM: stripePriceId,
    STRIPE_GRACE_DAYS: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(1, "must be at least 1")
      .max(60, "must be at most 60")
      .default(7),
    /**
     * Tests only: outgoing webhooks may call http:// and this machine (a browser test's
     * receiver on 127.0.0.1). Refused outside NODE_ENV=test.
     */
    WEBHOOKS_ALLOW_LOOPBACK: z
      .enum(["true", "false", "1", "0"], { error: "must be true or false" })
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    /**
     * Tests only: the Stripe API's address (a local stand-in), so no test reaches Stripe.
     * Refused outside NODE_ENV=test.
     */
    STRIPE_API_URL: z
      .url("must be an http(s) URL such as http://127.0.0.1:12111")
      .regex(/^https?:\/\//, "must be an http:// or https:// URL")
      .optional(),
    PLAN_PRICES: z
      .string()
      .max(1000, "must be at most 1000 characters")
      .superRefine((value, ctx) => {
        try {
          parsePlanPrices(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
        }
      })
      .optional(),
    METRICS_TOKEN: z
      .string()
      .min(32, "must be at least 32 characters (e.g. `openssl rand -hex 32`)")
      .max(200, "must be at most 200 characters")
      .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces (it travels in a header)")
      .optional(),
    OTEL_EXPORTER_OTLP_ENDPOINT: z
      .url({ error: "must be the OTLP/HTTP collector's base URL, such as http://127.0.0.1:4318" })
      .regex(/^https?:\/\//, "must be an http:// or https:// URL")
      .optional(),
    OTEL_SERVICE_NAME: z
      .string()
      .regex(
        /^[A-Za-z0-9._-]{1,100}$/,
        "must be 1–100 letters, digits, dots, dashes or underscores",
      )
      .default("sightline"),
    SHUTDOWN_DELAY_SECONDS: z.coerce
      .number({ error: "must be a number" })
      .int("must be a whole number")
      .min(0, "must be between 0 and 60")
      .max(60, "must be between 0 and 60")
      .default(0),
    S3_PREFIX: z
      .string()
      .regex(
        /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}(\/[A-Za-z0-9][A-Za-z0-9._-]{0,63}){0,3}$/,
        "must be folder names separated by / with no leading or trailing slash, such as sightline/prod",
      )
      .refine((value) => !value.includes(".."), "must not contain ..")
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.AI_PROVIDER && !env.AI_MODEL) {
      ctx.addIssue({
        code: "custom",
        path: ["AI_MODEL"],
        message:
          "must name the model when AI_PROVIDER is set (e.g. gpt-4o-mini, claude-sonnet-4-5)",
      });
    }
    if (env.AI_PROVIDER === "openai-compatible" && !env.AI_BASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["AI_BASE_URL"],
        message: "must be set for an OpenAI-compatible provider (e.g. https://api.openai.com/v1)",
      });
    }
    if ((env.AI_PROVIDER === "anthropic" || env.AI_PROVIDER === "google") && !env.AI_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["AI_API_KEY"],
        message: `must be set for the ${env.AI_PROVIDER} provider`,
      });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        message: "must be set together with the other S3 key variable",
      });
    }
    for (const name of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_PREFIX"] as const) {
      if (env[name] && !env.S3_BUCKET) {
        ctx.addIssue({
          code: "custom",
          path: ["S3_BUCKET"],
          message: `is required with ${name} (files stay in DATA_DIR/storage without it)`,
        });
        break;
      }
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.GOOGLE_CLIENT_ID ? "GOOGLE_CLIENT_SECRET" : "GOOGLE_CLIENT_ID"],
        message: "must be set together with the other Google variable",
      });
    }
    if (Boolean(env.META_APP_ID) !== Boolean(env.META_APP_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.META_APP_ID ? "META_APP_SECRET" : "META_APP_ID"],
        message: "must be set together with the other Meta variable",
      });
    }
    if (env.META_APP_ID && !env.META_WEBHOOK_VERIFY_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["META_WEBHOOK_VERIFY_TOKEN"],
        message:
          "is required with META_APP_ID: Meta's Webhooks setup asks for it (Callback URL: PUBLIC_URL/webhooks/instagram)",
      });
    }
    if (Boolean(env.INSTAGRAM_APP_ID) !== Boolean(env.INSTAGRAM_APP_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.INSTAGRAM_APP_ID ? "INSTAGRAM_APP_SECRET" : "INSTAGRAM_APP_ID"],
        message: "must be set together with the other Instagram variable",
      });
    }
    if (env.INSTAGRAM_APP_ID && !env.META_APP_ID) {
      ctx.addIssue({
        code: "custom",
        path: ["META_APP_ID"],
        message:
          "must be set with INSTAGRAM_APP_ID (Meta's callbacks and Facebook Login use the Meta app)",
      });
    }
    if (env.INSTAGRAM_APP_SECRET && env.INSTAGRAM_APP_SECRET === env.META_APP_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["INSTAGRAM_APP_SECRET"],
        message:
          "must be the Instagram app secret, which differs from the Meta app secret (Instagram > API setup with Instagram login)",
      });
    }
    if (env.DATABASE_URL && !env.ENCRYPTION_KEYS) {
      ctx.addIssue({
        code: "custom",
        path: ["ENCRYPTION_KEYS"],
        message:
          "is required when DATABASE_URL is set (every instance must decrypt the same tokens), e.g. k1:$(openssl rand -base64 32)",
      });
    }
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required when DATABASE_URL is set (every instance must share it)",
      });
    }
    if (env.NODE_ENV === "production" && !env.META_APP_ID && !env.SANDBOX_IN_PRODUCTION) {
      ctx.addIssue({
        code: "custom",
        path: ["META_APP_ID"],
        message:
          "is required when NODE_ENV=production: without a Meta app the Instagram sandbox would serve made-up data (set SANDBOX_IN_PRODUCTION=true only for a demo deployment)",
      });
    }
    if (env.INSTAGRAM_SANDBOX_URL && env.META_APP_ID) {
      ctx.addIssue({
        code: "custom",
        path: ["INSTAGRAM_SANDBOX_URL"],
        message:
          "cannot be set with META_APP_ID: with a Meta app Sightline talks to Meta, not to a sandbox",
      });
    }
    if (env.INSTAGRAM_SANDBOX_URL && env.NODE_ENV === "production" && !env.SANDBOX_IN_PRODUCTION) {
      ctx.addIssue({
        code: "custom",
        path: ["INSTAGRAM_SANDBOX_URL"],
        message:
          "can be set with NODE_ENV=production only together with SANDBOX_IN_PRODUCTION=true (a demo deployment: the sandbox serves made-up data)",
      });
    }
    if (env.INSTAGRAM_SANDBOX_URL && !env.SANDBOX_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["SANDBOX_SECRET"],
        message:
          "is required with INSTAGRAM_SANDBOX_URL: the sandbox and every instance derive the sandbox app's secrets from it (give the sandbox the same value)",
      });
    }
    if (env.SANDBOX_SECRET && !env.INSTAGRAM_SANDBOX_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SANDBOX_SECRET"],
        message:
          "is used only with INSTAGRAM_SANDBOX_URL (the mounted sandbox derives its secrets from AUTH_SECRET)",
      });
    }
    if (
      env.NODE_ENV === "production" &&
      env.PUBLIC_URL?.startsWith("http://") !== false &&
      !env.ALLOW_HTTP_PUBLIC_URL
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message:
          "must be an https:// address when NODE_ENV=production (sessions and tokens would travel in clear); set ALLOW_HTTP_PUBLIC_URL=true only behind a TLS-terminating proxy you trust",
      });
    }
    if (env.AUTH_RATE_LIMITS === "off" && env.NODE_ENV !== "test") {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_RATE_LIMITS"],
        message: "can be off only when NODE_ENV=test (the limits guard accounts against guessing)",
      });
    }
    if (env.AUTH_PASSWORD_COST === "test" && env.NODE_ENV !== "test") {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_PASSWORD_COST"],
        message:
          "can be test only when NODE_ENV=test (a cheap hash makes stolen passwords easy to guess)",
      });
    }
    const stripeNames = [
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "STRIPE_PRICE_STARTER",
      "STRIPE_PRICE_PRO",
      "STRIPE_PRICE_PREMIUM",
    ] as const;
    const stripeSet = stripeNames.filter((name) => env[name]);
    if (stripeSet.length > 0 && stripeSet.length < stripeNames.length) {
      const missing = stripeNames.filter((name) => !env[name]);
      ctx.addIssue({
        code: "custom",
        path: [missing[0]!],
        message: `billing with Stripe needs all of ${stripeNames.join(", ")}; ${stripeSet.join(", ")} ${stripeSet.length === 1 ? "is" : "are"} set but ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing`,
      });
    }
    if (env.WEBHOOKS_ALLOW_LOOPBACK && env.NODE_ENV !== "test") {
      ctx.addIssue({
        code: "custom",
        path: ["WEBHOOKS_ALLOW_LOOPBACK"],
        message:
          "can be true only when NODE_ENV=test (it lets webhooks call this machine and private networks)",
      });
    }
    if (env.STRIPE_API_URL && env.NODE_ENV !== "test") {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_API_URL"],
        message: "can be set only when NODE_ENV=test (a stand-in for Stripe's API in tests)",
      });
    }
    if (env.NODE_ENV === "production" && !env.SMTP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required when NODE_ENV=production (there is no dev mailbox in production)",
      });
    }
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    logLevel: env.LOG_LEVEL,
    authSecret: env.AUTH_SECRET,
    /** Keys sealing Instagram tokens at rest; unset in the embedded default (generated into DATA_DIR). */
    encryptionKeys: env.ENCRYPTION_KEYS ? parseEncryptionKeys(env.ENCRYPTION_KEYS) : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? "Sightline <no-reply@sightline.app>",
    supportEmail: env.SUPPORT_EMAIL,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
        : undefined,
    trustProxy: env.TRUST_PROXY,
    /** Sign-in, sign-up and recovery rate limits; off only in tests (AUTH_RATE_LIMITS=off). */
    authRateLimits: env.NODE_ENV === "test" ? env.AUTH_RATE_LIMITS : ("on" as const),
    /** Outgoing webhooks may call http:// and this machine: browser tests only. */
    webhooksAllowLoopback: env.NODE_ENV === "test" && env.WEBHOOKS_ALLOW_LOOPBACK,
    /** Password hashing work; "test" only in tests (AUTH_PASSWORD_COST=test). */
    authPasswordCost: env.NODE_ENV === "test" ? env.AUTH_PASSWORD_COST : ("standard" as const),
    /** Host names served besides PUBLIC_URL's (every other Host header gets 400). */
    allowedHosts: env.ALLOWED_HOSTS?.split(",").map((name) => name.trim()) ?? [],
    /** Production without a Meta app, explicitly allowed: the sandbox serves a demo. */
    sandboxInProduction: env.NODE_ENV === "production" && env.SANDBOX_IN_PRODUCTION,
    /**
     * The sandbox's control token, fixed instead of random per process, so browser tests can
     * play Instagram's side (new DMs, comments); never outside development and test.
     */
    sandboxControlToken: env.NODE_ENV === "production" ? undefined : env.SANDBOX_CONTROL_TOKEN,
    /**
     * A sandbox running as its own process (`npm run sandbox`), shared by every instance as Meta
     * is (decision 032): nothing is mounted at /sandbox then. Unset: the sandbox is mounted.
     */
    sharedSandbox:
      env.INSTAGRAM_SANDBOX_URL && env.SANDBOX_SECRET && !env.META_APP_ID
        ? { origin: new URL(env.INSTAGRAM_SANDBOX_URL).origin, secret: env.SANDBOX_SECRET }
        : undefined,
    /** How many trusted proxies append to X-Forwarded-For in front of the server. */
    trustProxyHops: env.TRUST_PROXY_HOPS,
    /** Days a workspace's audit events are kept before they are deleted. */
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    /**
     * Automations' pace per Instagram account (issue 32): Meta documents 750 private replies an
     * hour and per-second ceilings; the tools creators use send about 200 automated DMs an hour.
     */
    automationLimits: {
      privateRepliesPerHour: env.AUTOMATION_PRIVATE_REPLIES_PER_HOUR,
      dmsPerHour: env.AUTOMATION_DMS_PER_HOUR,
      publicRepliesPerHour: env.AUTOMATION_PUBLIC_REPLIES_PER_HOUR,
      perSecond: env.AUTOMATION_SENDS_PER_SECOND,
    },
    /** Days a processed (or dead-lettered) webhook body is kept before it is deleted. */
    webhookRetentionDays: env.WEBHOOK_RETENTION_DAYS,
    /** Meta's Graph API with a real app, or (no Meta app configured) the Instagram sandbox. */
    meta:
      env.META_APP_ID && env.META_APP_SECRET
        ? {
            appId: env.META_APP_ID,
            appSecret: env.META_APP_SECRET,
            webhookVerifyToken: env.META_WEBHOOK_VERIFY_TOKEN ?? "",
            /** Instagram Login's app; unset, only Facebook Login can connect accounts. */
            instagram:
              env.INSTAGRAM_APP_ID && env.INSTAGRAM_APP_SECRET
                ? { appId: env.INSTAGRAM_APP_ID, appSecret: env.INSTAGRAM_APP_SECRET }
                : undefined,
          }
        : undefined,
    /** A language model for captions and the AI team; unset, the built-in engine writes. */
    ai:
      env.AI_PROVIDER && env.AI_MODEL
        ? {
            provider: env.AI_PROVIDER,
            model: env.AI_MODEL,
            apiKey: env.AI_API_KEY,
            baseUrl: env.AI_BASE_URL,
          }
        : undefined,
    /** Media in an S3-compatible bucket; unset, in the local folder DATA_DIR/storage. */
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          prefix: env.S3_PREFIX,
        }
      : undefined,
    /** Billing with Stripe (decision 028); unset, plans are set by the operator's command. */
    stripe:
      env.STRIPE_SECRET_KEY &&
      env.STRIPE_WEBHOOK_SECRET &&
      env.STRIPE_PRICE_STARTER &&
      env.STRIPE_PRICE_PRO &&
      env.STRIPE_PRICE_PREMIUM
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            prices: {
              starter: env.STRIPE_PRICE_STARTER,
              pro: env.STRIPE_PRICE_PRO,
              premium: env.STRIPE_PRICE_PREMIUM,
            },
            graceDays: env.STRIPE_GRACE_DAYS,
            apiUrl: env.NODE_ENV === "test" ? env.STRIPE_API_URL : undefined,
          }
        : undefined,
    /** Bearer token of GET /metrics; unset, /metrics answers 404 (decision 031). */
    metricsToken: env.METRICS_TOKEN,
    /**
     * OpenTelemetry tracing (decision 031): on only when OTEL_EXPORTER_OTLP_ENDPOINT is set;
     * spans go over OTLP/HTTP to `<endpoint>/v1/traces`.
     */
    otel: env.OTEL_EXPORTER_OTLP_ENDPOINT
      ? {
          tracesUrl: `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, "")}/v1/traces`,
          serviceName: env.OTEL_SERVICE_NAME,
        }
      : undefined,
    /**
     * After SIGTERM: how long the process keeps serving with /api/ready at 503 before it stops
     * accepting connections, so a load balancer sees it leave instead of refused connections.
     */
    shutdownDelayMs: env.SHUTDOWN_DELAY_SECONDS * 1000,
    /** Display text of each paid plan's price (PLAN_PRICES); none configured: no amounts. */
    planPrices: env.PLAN_PRICES ? parsePlanPrices(env.PLAN_PRICES) : {},
    /** The dev mailbox exists only in the embedded default: no SMTP and not production. */
    devMailbox: !env.SMTP_URL && env.NODE_ENV !== "production",
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** The only reader of process.env. Empty strings count as unset. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map(
        (issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`,
      ),
    );
  }
  return result.data;
}
