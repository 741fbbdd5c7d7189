import { vi } from "vitest";
import type { TestApp } from "./create-test-app.ts";

/**
 * Records the text of every statement the app's database client sends outside a transaction
 * (either engine: the PGlite instance or the PostgreSQL pool), for tests that count round trips.
 * `take()` answers those sent since the last take; `stop()` ends the watch.
 */
export function watchStatements(testApp: Pick<TestApp, "database">) {
  const client = (testApp.database.pglite ?? testApp.database.pool) as unknown as {
    query: (...args: unknown[]) => unknown;
  };
  const query = client.query.bind(client);
  let seen: string[] = [];
  const spy = vi.spyOn(client, "query").mockImplementation((...args: unknown[]) => {
    const [first] = args;
    seen.push(typeof first === "string" ? first : String((first as { text?: unknown }).text));
    return query(...args);
  });
  return {
    take(): string[] {
      const taken = seen;
      seen = [];
      return taken;
    },
    stop() {
      spy.mockRestore();
    },
  };
}
