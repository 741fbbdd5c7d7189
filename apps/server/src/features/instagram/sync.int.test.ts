import { countSyncedRows, findInstagramConnection, replaceInstagramToken } from "@sightline/db";
import type { AccountClient } from "@sightline/instagram-graph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, mailboxFor } from "../../testing/factories.ts";
import { connectSandboxAccount, sandboxControl } from "../../testing/instagram.ts";
import type { InstagramContext } from "./context.ts";
import { refreshTokensJob } from "./jobs/refresh-tokens.job.ts";
import { syncAccountJob, syncRunners } from "./jobs/sync-account.job.ts";
import { runSync, SyncPaused, syncParts } from "./sync/run.ts";

let testApp: TestApp;
// One clock for the file: snapshots are per hour, so a second run must not cross an hour.
const fixedNow = Date.now();

beforeAll(async () => {
  testApp = await createTestApp({ now: () => fixedNow });
});

afterAll(async () => {
  await testApp.close();
});

async function connectAndSync(username: string, login: "instagram" | "facebook" = "instagram") {
  const { client, email } = await createVerifiedUser(testApp);
  const connection = await connectSandboxAccount(testApp, client, { username, login });
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  return { client, email, workspaceId: connection.workspace_id };
}

/** A context whose Graph client dies after `limit` account calls, like a crash mid-sync. */
function crashingAfter(ctx: InstagramContext, limit: number): InstagramContext {
  let calls = 0;
  return {
    ...ctx,
    graph: {
      ...ctx.graph,
      account: (context) => {
        const client = ctx.graph.account(context);
        return new Proxy(client, {
          get(target, property, receiver) {
            const value = Reflect.get(target, property, receiver);
            if (typeof value !== "function") return value;
            return (...args: unknown[]) => {
              calls++;
              if (calls > limit) throw new Error(`simulated crash after ${limit} calls`);
              return (value as (...a: unknown[]) => unknown).apply(target, args);
            };
          },
        }) as AccountClient;
      },
    },
  };
}

describe("the Instagram sync", () => {
  it("fills every table from the sandbox, and a second sync adds nothing", async () => {
    const { workspaceId } = await connectAndSync("lena.makes");
    const first = await countSyncedRows(testApp.database.db, workspaceId);
    for (const [table, count] of Object.entries(first)) {
      expect(count, table).toBeGreaterThan(0);
    }
    const row = await findInstagramConnection(testApp.database.db, workspaceId);
    expect(row!.lastSyncedAt).not.toBeNull();
    expect(row!.syncNotes).toEqual([]);
    // The rows agree with what Instagram itself says about the account.
    const truth = (await testApp.database.db.execute(
      `select (select count(*)::int from instagram_media where workspace_id = '${workspaceId}' and parent_ig_media_id is null) as posts,
              (select sum(comments_count)::int from instagram_media where workspace_id = '${workspaceId}' and parent_ig_media_id is null) as comments_counted,
              (select count(*)::int from instagram_comments where workspace_id = '${workspaceId}') as comments_stored,
              (select count(distinct ig_media_id)::int from instagram_media_insights where workspace_id = '${workspaceId}') as posts_with_insights`,
    )) as unknown as {
      rows: Array<{
        posts: number;
        comments_counted: number;
        comments_stored: number;
        posts_with_insights: number;
      }>;
    };
    const [counts] = truth.rows;
    expect(counts!.posts).toBe(row!.mediaCount);
    expect(counts!.comments_stored).toBe(counts!.comments_counted);
    expect(counts!.posts_with_insights).toBe(counts!.posts);

    await testApp.instagramContext.queue.send(syncAccountJob, { workspaceId, reason: "manual" });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    expect(await countSyncedRows(testApp.database.db, workspaceId)).toEqual(first);
  }, 180_000);

  it("a sync killed halfway resumes where it stopped and ends with the same rows", async () => {
    // A whole sync's rows are the reference: then they are deleted, and a sync that dies every
    // few calls must end with the same rows.
    const { client } = await createVerifiedUser(testApp);
    const ctx = testApp.instagramContext;
    const connection = await connectSandboxAccount(testApp, client, {
      username: "northfield.coffee",
      login: "instagram",
    });
    await ctx.queue.idle({ timeoutMs: 120_000 });
    const expected = await countSyncedRows(testApp.database.db, connection.workspace_id);
    await ctx.db.execute(
      `delete from instagram_sync_state where workspace_id = '${connection.workspace_id}'`,
    );
    for (const table of Object.keys(expected)) {
      await ctx.db.execute(
        `delete from ${table} where workspace_id = '${connection.workspace_id}'`,
      );
    }
    await ctx.db.execute(
      `update instagram_connections set last_synced_at = null where workspace_id = '${connection.workspace_id}'`,
    );

    let crashes = 0;
    for (let attempt = 0; attempt < 200; attempt++) {
      try {
        await runSync(crashingAfter(ctx, 25), {
          workspaceId: connection.workspace_id,
          parts: syncParts,
          runners: syncRunners,
        });
        break;
      } catch (error) {
        expect(String(error)).toContain("simulated crash");
        crashes++;
      }
    }
    expect(crashes).toBeGreaterThan(3);
    expect(await countSyncedRows(testApp.database.db, connection.workspace_id)).toEqual(expected);
    // A first sync reads 90 days of account insights (issue 23): many more crashes to get through.
  }, 420_000);

  it("skips what a permission does not cover, with a note instead of failing", async () => {
    const { workspaceId } = await connectAndSync("oona.bakes");
    const connection = { workspace_id: workspaceId };
    const ctx = testApp.instagramContext;
    await ctx.db.execute(
      `update instagram_connections set scopes = '{instagram_business_basic}' where workspace_id = '${connection.workspace_id}'`,
    );
    const result = await runSync(ctx, {
      workspaceId: connection.workspace_id,
      parts: syncParts,
      runners: syncRunners,
    });
    expect(result.status).toBe("done");
    const row = await findInstagramConnection(ctx.db, connection.workspace_id);
    expect(row!.syncNotes.map((note) => note.area)).toEqual(
      expect.arrayContaining(["comments", "conversations", "account-insights"]),
    );
    expect(row!.syncNotes.find((note) => note.area === "comments")!.message).toContain(
      "permission was not granted",
    );
  }, 180_000);

  it("a revoked token turns the connection into 'needs reconnection' and e-mails the user", async () => {
    const { client, email, workspaceId } = await connectAndSync("oona.bakes");
    const connection = { workspace_id: workspaceId };
    const ctx = testApp.instagramContext;
    await sandboxControl(testApp, "/tokens/revoke", { username: "oona.bakes" });
    await ctx.queue.send(syncAccountJob, {
      workspaceId: connection.workspace_id,
      reason: "manual",
    });
    await ctx.queue.idle({ timeoutMs: 60_000 });
    const row = await findInstagramConnection(ctx.db, connection.workspace_id);
    expect(row!.status).toBe("needs_reconnection");
    const messages = await mailboxFor(client, email);
    expect(messages.map((message) => message.subject)).toContain(
      "Reconnect @oona.bakes to Sightline",
    );
  }, 180_000);
});

describe("rate limits", () => {
  it("pauses on a rate-limit answer, then stays off Instagram while usage is above 80 %", async () => {
    const { workspaceId } = await connectAndSync("oona.bakes");
    const connection = { workspace_id: workspaceId };
    const ctx = testApp.instagramContext;
    await sandboxControl(testApp, "/faults", { pathGlob: "*/media", code: 4, times: 0 });
    try {
      await expect(
        runSync(ctx, {
          workspaceId: connection.workspace_id,
          parts: ["media"],
          runners: syncRunners,
        }),
      ).rejects.toBeInstanceOf(SyncPaused);
    } finally {
      await sandboxControl(testApp, "/faults", undefined, "DELETE");
    }
    // The rate-limit answer reported usage at 100 %: the next run waits without calling.
    const calls = testApp.graphCalls.count;
    await expect(
      runSync(ctx, {
        workspaceId: connection.workspace_id,
        parts: ["media"],
        runners: syncRunners,
      }),
    ).rejects.toBeInstanceOf(SyncPaused);
    expect(testApp.graphCalls.count).toBe(calls);
    ctx.graphUsage.clear();
  }, 180_000);
});

describe("token refresh", () => {
  it("refreshes an Instagram Login token well before it expires, and never stores an empty one", async () => {
    const { workspaceId } = await connectAndSync("oona.bakes");
    const connection = { workspace_id: workspaceId };
    const ctx = testApp.instagramContext;
    // Meta refreshes only tokens at least 24 hours old: move the sandbox a day on, and make
    // the stored expiry fall inside the refresh window.
    await sandboxControl(testApp, "/clock", { advanceMs: 25 * 3_600_000 });
    const soon = new Date(fixedNow + 5 * 86_400_000);
    await ctx.db.execute(
      `update instagram_connections set token_expires_at = '${soon.toISOString()}' where workspace_id = '${connection.workspace_id}'`,
    );
    const before = (await findInstagramConnection(ctx.db, connection.workspace_id))!;
    await ctx.queue.send(refreshTokensJob, {});
    await ctx.queue.idle({ timeoutMs: 60_000 });
    const after = (await findInstagramConnection(ctx.db, connection.workspace_id))!;
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.tokenExpiresAt!.getTime()).toBeGreaterThan(fixedNow + 50 * 86_400_000);
    expect(after.status).toBe("active");

    expect(
      await replaceInstagramToken(ctx.db, {
        workspaceId: connection.workspace_id,
        instagramId: after.instagramId,
        previousCiphertext: after.accessToken,
        ciphertext: "",
        expiresAt: null,
        refreshedAt: new Date(fixedNow),
      }),
    ).toBe(false);
    expect((await findInstagramConnection(ctx.db, connection.workspace_id))!.accessToken).toBe(
      after.accessToken,
    );
  }, 180_000);
});
