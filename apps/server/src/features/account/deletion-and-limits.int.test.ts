import { createHmac, randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userLimitRules } from "../../platform/limits/user-limits.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, setPersonalPlan } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { commentWebhookBody, connectSandboxAccount } from "../../testing/instagram.ts";
import { pruneWebhooksJob } from "../instagram/index.ts";

/** Issue 25: deletion leaves nothing; per-user limits and the storage quota. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function query<Row>(sql: string): Promise<Row[]> {
  return ((await testApp.database.db.execute(sql)) as unknown as { rows: Row[] }).rows;
}

function jpeg(size: number) {
  const bytes = new Uint8Array(size);
  // A readable header (SOI, then a 10×10 SOF0): the upload route refuses an image without one.
  const header = [0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0, 10, 0, 10, 3];
  bytes.set(header);
  for (let index = header.length; index < size; index += 1) bytes[index] = (index * 31) % 251;
  return bytes;
}

async function upload(client: HttpClient, bucket: string, bytes: Uint8Array) {
  return client.request(`/api/uploads/${bucket}`, {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body: bytes,
  });
}

function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every table of the database, read from information_schema: a table added later is covered. */
async function rowsMentioning(needles: string[]) {
  const tables = await query<{ table_name: string }>(
    "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  expect(tables.length).toBeGreaterThan(20);
  const found: Record<string, number> = {};
  for (const { table_name } of tables) {
    // The dev mailbox is the outgoing mail of development (SMTP in production): it holds the
    // "your account was deleted" e-mail sent to the address after the deletion.
    if (table_name === "dev_mailbox_messages" || table_name === "__drizzle_migrations") continue;
    const conditions = needles.map((needle) => `t::text like '%${needle}%'`).join(" or ");
    const [row] = await query<{ n: number }>(
      `select count(*)::int as n from "${table_name}" t where ${conditions}`,
    );
    if (row!.n > 0) found[table_name] = row!.n;
  }
  return found;
}

describe("account deletion leaves nothing of the user", () => {
  it("removes every row naming the user or their account, the webhook bodies, and their files", async () => {
    const { client, email } = await createVerifiedUser(testApp);
    const connection = await connectSandboxAccount(testApp, client, {
      username: "oona.bakes",
      login: "instagram",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    // The member who connected (the user), and the workspace the account and files belong to:
    // their personal workspace, which goes with them.
    const userId = connection.user_id;
    const workspaceId = connection.workspace_id;
    const media = await upload(client, "instagram-media", jpeg(2048));
    const draft = await upload(client, "scheduled-content", jpeg(4096));
    const cover = await upload(client, "instagram_media", jpeg(1024));
    for (const answer of [media, draft, cover]) expect(answer.status).toBe(201);
    const coverUrl = ((await cover.json()) as { url: string }).url;
    expect((await testApp.app.request(coverUrl)).status).toBe(200);

    const body = commentWebhookBody(connection.instagram_id, "1", {
      id: "17811100000000001",
      text: "A private thought",
      from: { id: "6345000000000111", username: "someone" },
    });
    const signature = `sha256=${createHmac("sha256", testApp.instagram.instagramAppSecret!).update(body).digest("hex")}`;
    const delivered = await testApp.app.request(`${TEST_PUBLIC_URL}/webhooks/instagram`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature },
      body,
    });
    expect(delivered.status).toBe(200);
    await testApp.instagramContext.queue.idle();

    const needles = [userId, workspaceId, email, connection.instagram_id];
    const before = await rowsMentioning(needles);
    expect(before).toMatchObject({
      user: 1,
      workspaces: 1,
      stored_files: 3,
      instagram_webhook_events: 1,
    });
    expect(filesUnder(testApp.storageRoot).length).toBeGreaterThanOrEqual(3);
    // The user's private copy of the demo accounts (decision 015) holds what they did through it.
    expect(testApp.sandbox?.hasSpace(userId)).toBe(true);

    const deleted = await client.post("/api/settings/delete-account", {
      email,
      password: "correct horse 42",
    });
    expect(deleted.status).toBe(200);
    await testApp.instagramContext.queue.idle();

    expect(await rowsMentioning(needles)).toEqual({});
    const left = filesUnder(testApp.storageRoot);
    expect(left.filter((file) => file.includes(userId))).toEqual([]);
    expect(left.filter((file) => file.includes(workspaceId))).toEqual([]);
    expect(left.filter((file) => file.includes("video_covers"))).toEqual([]);
    // A link handed out before the deletion finds nothing.
    expect((await testApp.app.request(coverUrl)).status).toBe(404);
    expect(testApp.sandbox?.hasSpace(userId)).toBe(false);
  }, 180_000);
});

describe("deleting an account re-authenticates", () => {
  it("without a password (Google only) it needs a sign-in from the last 10 minutes", async () => {
    const { client, email } = await createVerifiedUser(testApp);
    const me = (await (await client.get("/api/me")).json()) as {
      user?: { id: string };
      id?: string;
    };
    const userId = me.user?.id ?? me.id!;
    await query(`delete from account where user_id = '${userId}' and provider_id = 'credential'`);
    await query(
      `update session set created_at = now() - interval '20 minutes' where user_id = '${userId}'`,
    );
    const stale = await client.post("/api/settings/delete-account", { email });
    expect(stale.status).toBe(403);
    await query(`update session set created_at = now() where user_id = '${userId}'`);
    expect((await client.post("/api/settings/delete-account", { email })).status).toBe(200);
  });
});

describe("webhook bodies are kept for a set time", () => {
  it("prunes processed bodies older than WEBHOOK_RETENTION_DAYS (7 by default), keeps newer and unprocessed ones", async () => {
    const day = 24 * 60 * 60 * 1000;
    const insert = (hash: string, ageDays: number, processed: boolean) =>
      query(
        `insert into instagram_webhook_events (body_sha256, object, signed_by, body, received_at, processed_at) values ('${hash}', 'instagram', 'meta', '{}', '${new Date(Date.now() - ageDays * day).toISOString()}', ${processed ? "now()" : "null"})`,
      );
    await insert("old-processed", 8, true);
    await insert("new-processed", 6, true);
    await insert("old-pending", 8, false);
    expect(testApp.instagramContext.webhookRetentionDays).toBe(7);
    await testApp.instagramContext.queue.send(pruneWebhooksJob, {});
    await testApp.instagramContext.queue.idle();
    const left = await query<{ body_sha256: string }>(
      "select body_sha256 from instagram_webhook_events where body_sha256 in ('old-processed', 'new-processed', 'old-pending') order by body_sha256",
    );
    expect(left.map((row) => row.body_sha256)).toEqual(["new-processed", "old-pending"]);
  });
});

describe("per-user limits on expensive work", () => {
  it("answers 429 with Retry-After past a user's export allowance; another user is not affected", async () => {
    const { client } = await createVerifiedUser(testApp);
    for (let index = 0; index < userLimitRules.export.max; index++) {
      expect((await client.post("/api/settings/exports")).status).toBe(202);
    }
    const refused = await client.post("/api/settings/exports");
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(userLimitRules.export.windowMs / 1000);
    const other = await createVerifiedUser(testApp);
    expect((await other.client.post("/api/settings/exports")).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 200));
  });

  it("limits sync now, fetch now, captions, connect, keep-active, uploads, invitations, webhook test sends, report PDFs and tag checks per user", async () => {
    const { client, email } = await createVerifiedUser(testApp);
    // Premium: invitations are Premium's (issue 30), and this is about the rate limit.
    await setPersonalPlan(testApp, email, "premium");
    const cases: Array<[keyof typeof userLimitRules, () => Promise<Response>]> = [
      ["syncNow", () => client.post("/api/instagram/sync")],
      ["fetchNow", () => client.post("/api/press-radar/fetch")],
      ["caption", () => client.post("/api/functions/instagram-caption-generate", {})],
      ["connect", () => client.post("/api/instagram/connect", { login: "instagram" })],
      ["keepActive", () => client.post(`/api/press-radar/keywords/${randomUUID()}/keep`)],
      ["upload", () => upload(client, "instagram-media", jpeg(64))],
      // Counted before the endpoint is looked up: a loop over made-up ids is limited too.
      ["webhookSend", () => client.post(`/api/webhook-endpoints/${randomUUID()}/test`)],
      // Counted before the report is looked up, and before the connection is.
      ["reportPdf", () => client.get(`/api/reports/${randomUUID()}/pdf`)],
      ["mentionsRefresh", () => client.post("/api/mentions/refresh")],
      [
        "invite",
        () =>
          client.post("/api/workspaces/current/invitations", {
            email: `invitee-${randomUUID()}@example.com`,
            role: "editor",
          }),
      ],
    ];
    for (const [kind, call] of cases) {
      for (let index = 0; index < userLimitRules[kind].max; index++) {
        expect((await call()).status, `${kind} #${index + 1}`).not.toBe(429);
      }
      const refused = await call();
      expect(refused.status, kind).toBe(429);
      expect(Number(refused.headers.get("retry-after")), kind).toBeGreaterThan(0);
    }
  }, 120_000);

  it("limits a report's thumbnails per user, counted before the report is looked up", async () => {
    const { client, email } = await createVerifiedUser(testApp);
    await setPersonalPlan(testApp, email, "premium");
    const thumbnail = () =>
      client.get(`/api/reports/${randomUUID()}/posts/17900000000000001/thumbnail`);
    expect((await thumbnail()).status).toBe(404);
    // The allowance (600 an hour) used up but one place, without 600 requests.
    const [user] = await query<{ id: string }>(`select id from "user" where email = '${email}'`);
    await query(
      `insert into rate_limit_events (key, created_at)
       select 'user:reportThumbnail:${user!.id}', now() - (n || ' seconds')::interval
       from generate_series(1, ${userLimitRules.reportThumbnail.max - 2}) as n`,
    );
    expect((await thumbnail()).status).toBe(404);
    const refused = await thumbnail();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses an upload past the plan's storage quota with 413", async () => {
    const { client } = await createVerifiedUser(testApp);
    const first = await upload(client, "scheduled-content", jpeg(1000));
    expect(first.status).toBe(201);
    const { key } = (await first.json()) as { key: string };
    const [owner] = await query<{ workspace_id: string }>(
      `select workspace_id from stored_files where key = '${key}'`,
    );
    // The user's files already take all but 10 KB of the Free plan's 1 GB.
    await query(
      `update stored_files set size_bytes = ${1024 ** 3 - 10 * 1024 - 1000} + 1000 where key = '${key}'`,
    );
    expect((await upload(client, "scheduled-content", jpeg(8 * 1024))).status).toBe(201);
    const refused = await upload(client, "scheduled-content", jpeg(8 * 1024));
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(
      /^Storage is full: the Free plan keeps up to 1 GB of uploads/,
    );
    expect(owner!.workspace_id).toBeTruthy();
  });
});
