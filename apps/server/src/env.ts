import path from "node:path";
import { z } from "zod";

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

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
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    logLevel: env.LOG_LEVEL,
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
