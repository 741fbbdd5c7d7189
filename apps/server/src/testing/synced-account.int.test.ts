import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./create-test-app.ts";
import { createVerifiedUser } from "./factories.ts";
import type { HttpClient } from "./http-client.ts";
import { connectSandboxAccount } from "./instagram.ts";
import { createTestAppWithSyncedAccount } from "./synced-account.ts";

const account = { username: "northfield.coffee", login: "instagram" } as const;
const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function postIds(client: HttpClient): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const response = await client.get(
      `/api/analytics/posts?limit=100${cursor ? `&cursor=${cursor}` : ""}`,
    );
    expect(response.status).toBe(200);
    const page = (await response.json()) as { items: { id: string }[]; nextCursor: string | null };
    ids.push(...page.items.map((item) => item.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

it("a copy of the synced snapshot answers what connecting and syncing afresh answers", async () => {
  const fresh = await createTestApp();
  apps.push(fresh);
  const { client: freshClient } = await createVerifiedUser(fresh);
  await connectSandboxAccount(fresh, freshClient, account);
  await fresh.instagramContext.queue.idle({ timeoutMs: 120_000 });

  const copy = await createTestAppWithSyncedAccount(account);
  apps.push(copy.testApp);
  expect(copy.connection.instagram_username).toBe("northfield.coffee");
  const connection = await copy.client.get("/api/instagram/connection");
  expect(connection.status).toBe(200);
  expect(JSON.stringify(await connection.json())).toContain("northfield.coffee");

  const expected = await postIds(freshClient);
  expect(expected.length).toBeGreaterThan(10);
  expect(await postIds(copy.client)).toEqual(expected);
}, 240_000);

it("each test file gets its own copy", async () => {
  const first = await createTestAppWithSyncedAccount(account);
  const second = await createTestAppWithSyncedAccount(account);
  apps.push(first.testApp, second.testApp);
  await first.testApp.database.db.execute(sql`delete from instagram_media`);
  expect(await postIds(first.client)).toEqual([]);
  expect((await postIds(second.client)).length).toBeGreaterThan(10);
}, 240_000);
