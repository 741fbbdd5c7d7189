import { createTestDatabase, type TestDatabase } from "@sightline/db/testing";
import { createApp } from "../app.ts";
import { createServices, type Services } from "../deps.ts";
import { readEnv } from "../env.ts";
import { createLogger } from "../lib/logger.ts";

export const TEST_PUBLIC_URL = "http://localhost:3000";

export interface TestApp extends Services {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  close: () => Promise<void>;
}

/**
 * The real app on a fresh database of the engine under test (one per test file), with the
 * dev mailbox as its mailer so tests read the e-mails it sends.
 */
export async function createTestApp(
  options: {
    webDistDir?: string;
    env?: Record<string, string>;
    rateLimits?: { signIn?: number; signUp?: number; recovery?: number };
    /** A fixed or movable clock for 24-hour windows; the real time by default. */
    now?: () => Date;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const env = readEnv({
    NODE_ENV: "test",
    DATA_DIR: "./.data-test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: TEST_PUBLIC_URL,
    ...options.env,
  });
  const logger = createLogger("silent", false);
  const secret = "test-secret-test-secret-test-secret-0123456789";
  const services = createServices({
    env,
    database,
    logger,
    secret,
    rateLimits: options.rateLimits ?? { signIn: 1000, signUp: 1000, recovery: 1000 },
    sandboxOptions: { tickIntervalMs: false, stateFile: false },
  });
  const app = createApp({
    ...services,
    env,
    database,
    logger,
    secret,
    version: "0.0.0-test",
    now: options.now ?? (() => new Date()),
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  return {
    ...services,
    app,
    database,
    close: async () => {
      await services.close();
      await database.close();
    },
  };
}
