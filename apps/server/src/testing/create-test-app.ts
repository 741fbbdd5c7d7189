import { createTestDatabase, type TestDatabase } from "@sightline/db/testing";
import { createApp } from "../app.ts";
import { readEnv } from "../env.ts";
import { createLogger } from "../lib/logger.ts";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  close: () => Promise<void>;
}

/** The real app on a fresh database of the engine under test (one per test file). */
export async function createTestApp(options: { webDistDir?: string } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const env = readEnv({ NODE_ENV: "test", DATA_DIR: "./.data-test", LOG_LEVEL: "silent" });
  const app = createApp({
    env,
    database,
    logger: createLogger("silent", false),
    version: "0.0.0-test",
    ...(options.webDistDir ? { webDistDir: options.webDistDir } : {}),
  });
  return { app, database, close: () => database.close() };
}
