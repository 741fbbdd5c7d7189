import { findInstagramConnection } from "@sightline/db";
import { afterAll, beforeAll, expect, it } from "vitest";
import { instagramTokenContext } from "../../platform/token-vault.ts";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import { connectSandboxAccount, sandboxControl } from "../../testing/instagram.ts";
import { syncAccountJob } from "./jobs/sync-account.job.ts";

let testApp: TestApp;
const log: string[] = [];
beforeAll(async () => {
  testApp = await createTestApp({ log: { level: "trace", write: (line) => log.push(line) } });
});
afterAll(async () => {
  await testApp?.close();
});

it("keeps Instagram tokens out of every column and every log line, failures included", async () => {
  const { client } = await createVerifiedUser(testApp);
  const connection = await connectSandboxAccount(testApp, client, {
    username: "northfield.coffee",
    login: "facebook",
  });
  const ctx = testApp.instagramContext;
  await ctx.queue.idle({ timeoutMs: 120_000 });
  // A failing Graph call logs its error: the token must not ride along in it.
  await sandboxControl(testApp, "/faults", { pathGlob: "*/insights", code: 1, times: 0 });
  await ctx.queue.send(syncAccountJob, { workspaceId: connection.workspace_id, reason: "manual" });
  await ctx.queue.idle({ timeoutMs: 60_000 }).catch(() => {});
  await sandboxControl(testApp, "/faults", undefined, "DELETE");

  const row = (await findInstagramConnection(ctx.db, connection.workspace_id))!;
  const tokens = [
    ctx.vault.decrypt(row.accessToken, instagramTokenContext(row.workspaceId)),
    ctx.vault.decrypt(row.facebookUserToken!, instagramTokenContext(row.workspaceId)),
  ];
  expect(log.some((line) => line.includes("job failed") || line.includes("failed"))).toBe(true);
  const everything = log.join("\n");
  for (const token of tokens) {
    expect(token.length).toBeGreaterThan(20);
    expect(everything).not.toContain(token);
    // Every text column of every table, not a list of the columns we remember.
    const columns = (await ctx.db.execute(
      "select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')",
    )) as unknown as { rows: Array<{ table_name: string; column_name: string }> };
    for (const { table_name: table, column_name: column } of columns.rows) {
      const found = (await ctx.db.execute(
        `select count(*)::int as n from "${table}" where "${column}"::text like '%${token}%'`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(found.rows[0]!.n, `${table}.${column}`).toBe(0);
    }
  }
}, 180_000);
