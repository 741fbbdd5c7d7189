import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { findInstagramConnection, insertScheduledPost } from "@sightline/db";
import { createTestDatabase, type TestDatabase } from "@sightline/db/testing";
import {
  type RunningSandbox,
  readRunnerConfig,
  startRunner,
} from "@sightline/instagram-sandbox/runner";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountClientFor, sandboxSpaceOfState } from "./features/instagram/index.ts";
import { publishIfClaimable } from "./features/publishing/index.ts";
import { createTestApp, type TestApp } from "./testing/create-test-app.ts";
import { createVerifiedUser, personalWorkspaceId, setPersonalPlan } from "./testing/factories.ts";
import { createHttpClient, type HttpClient } from "./testing/http-client.ts";

/**
 * Issue 28 point 7, decision 032: two instances on one database, both pointed at one sandbox
 * running as its own HTTP server (the standalone runner `npm run sandbox` starts), see the same
 * Instagram. Instance A listens on a real port (the address the sandbox sends webhooks to and asks
 * whose consent it is, as a load balancer in front of every instance would); B is answered in
 * process. Everything between the instances and the sandbox crosses the network.
 */

const secret = randomBytes(32).toString("hex");
let database: TestDatabase;
let a: TestApp;
let b: TestApp;
let aServer: ReturnType<typeof serve>;
let sightlineUrl: string;
let sandbox: RunningSandbox;
let sandboxUrl: string;
let dataDir: string;
let user: { client: HttpClient; email: string };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function until<T>(read: () => Promise<T | undefined>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A control call over HTTP, as the dev tools and browser tests make them. */
async function control(route: string, body: unknown, space?: string) {
  const response = await fetch(`${sandboxUrl}/sandbox/_control${route}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-sandbox-control-token": a.sandboxLink!.controlToken,
      ...(space ? { "x-sandbox-space": space } : {}),
    },
    body: JSON.stringify(body),
  });
  expect(response.status, `${route}: ${await response.clone().text()}`).toBeLessThan(300);
  return response.json() as Promise<Record<string, unknown>>;
}

beforeAll(async () => {
  database = await createTestDatabase();
  // A's listener first (its port is the public URL every instance is given), the app behind it
  // once built.
  let handler: ((request: Request, env: unknown) => Response | Promise<Response>) | undefined;
  aServer = await new Promise((resolve) => {
    const started = serve(
      {
        fetch: (request, env) => handler?.(request, env) ?? new Response(null, { status: 503 }),
        port: 0,
        hostname: "127.0.0.1",
      },
      () => resolve(started),
    );
  });
  sightlineUrl = `http://127.0.0.1:${(aServer.address() as AddressInfo).port}`;

  const sandboxPort = await freePort();
  sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  dataDir = mkdtempSync(path.join(tmpdir(), "sightline-shared-sandbox-"));
  // The runner's own configuration, read as `npm run sandbox` reads its environment.
  sandbox = await startRunner(
    readRunnerConfig({
      PORT: String(sandboxPort),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: sandboxUrl,
      SANDBOX_SECRET: secret,
      SIGHTLINE_URL: sightlineUrl,
      SANDBOX_DATA_DIR: dataDir,
    }),
  );

  const env = {
    PUBLIC_URL: sightlineUrl,
    INSTAGRAM_SANDBOX_URL: sandboxUrl,
    SANDBOX_SECRET: secret,
  };
  const encryptionKeys = [{ id: "shared", key: randomBytes(32) }];
  a = await createTestApp({ env, database, encryptionKeys });
  // B shares the database (A closes it) and the keys, as instances behind one balancer do.
  b = await createTestApp({
    env,
    database: { ...database, close: async () => {} },
    encryptionKeys,
    // One storage behind the balancer (S3 in a real deployment): A's folder, signed for PUBLIC_URL.
    storage: a.storage,
  });
  handler = (request, env) => a.app.fetch(request, env);
  user = await createVerifiedUser(a, { origin: sightlineUrl });
}, 60_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
  await sandbox?.close();
  await new Promise<void>((resolve) => (aServer ? aServer.close(() => resolve()) : resolve()));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The user's pending connection, through instance A, all the way to the callback. */
async function connectThroughA(username: string) {
  const start = await user.client.post("/api/instagram/connect", { login: "instagram" });
  expect(start.status).toBe(200);
  const { authorizeUrl } = (await start.json()) as { authorizeUrl: string };
  // The browser leaves for the sandbox's own origin, as it leaves for instagram.com.
  expect(authorizeUrl.startsWith(`${sandboxUrl}/sandbox/www.instagram.com/oauth/authorize?`)).toBe(
    true,
  );
  // No Sightline cookie reaches another origin: the sandbox asks instance A whose round trip the
  // state belongs to, and shows that user's copy of the demo accounts.
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const form = (html.match(/<form class="account"[\s\S]*?<\/form>/g) ?? []).find((candidate) =>
    candidate.includes(`@${username}<`),
  );
  expect(form).toBeDefined();
  const action = /action="([^"]+)"/.exec(form!)![1]!;
  const fields = new URLSearchParams();
  for (const match of form!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(
      match[1]!,
      match[2]!.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(+code)),
    );
  }
  const decision = await fetch(`${sandboxUrl}${action}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields.toString(),
    redirect: "manual",
  });
  expect(decision.status).toBe(302);
  const back = new URL(decision.headers.get("location")!);
  expect(`${back.origin}${back.pathname}`).toBe(`${sightlineUrl}/auth/instagram/callback`);
  const callback = await user.client.post("/api/instagram/connect/callback", {
    login: "instagram",
    code: back.searchParams.get("code"),
    state: back.searchParams.get("state"),
  });
  expect(callback.status, await callback.clone().text()).toBe(200);
  return ((await callback.json()) as { connection: { instagramId: string } }).connection;
}

describe("one Instagram sandbox shared by two instances (INSTAGRAM_SANDBOX_URL)", () => {
  it("mounts no sandbox in either instance", async () => {
    for (const instance of [a, b]) {
      expect(instance.sandbox).toBeUndefined();
      expect(instance.sandboxLink).toMatchObject({ kind: "shared", origin: sandboxUrl });
      expect(instance.instagram.mode).toBe("sandbox");
      expect((await instance.app.request(`${sightlineUrl}/sandbox/_control/state`)).status).toBe(
        404,
      );
    }
  });

  it("refuses a consent page whose state is no pending round trip, and a caller without the token", async () => {
    const start = await user.client.post("/api/instagram/connect", { login: "instagram" });
    const { authorizeUrl } = (await start.json()) as { authorizeUrl: string };
    const forged = new URL(authorizeUrl);
    forged.searchParams.set("state", "made-up");
    const page = await fetch(forged);
    expect(page.status).toBe(401);
    expect(await page.text()).not.toContain("Continue as @");
    const asked = await fetch(`${sightlineUrl}/sandbox-host/consent-space`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer wrong" },
      body: JSON.stringify({ state: new URL(authorizeUrl).searchParams.get("state") }),
    });
    expect(asked.status).toBe(401);
  });

  it("connects through A; a post published through A is in the Graph API answer read through B", async () => {
    const connection = await connectThroughA("lena.makes");
    // B reads the row A stored (one database), and opens its token with the shared keys.
    const workspaceId = await personalWorkspaceId(b, user.email);
    const rowForB = (await findInstagramConnection(
      b.database.db,
      workspaceId,
      connection.instagramId,
    ))!;
    expect(rowForB.instagramUsername).toBe("lena.makes");

    const throughA = accountClientFor(a.instagramContext, rowForB);
    const caption = `Published through instance A ${randomBytes(4).toString("hex")}`;
    const container = await throughA.createContainer({
      kind: "image",
      imageUrl: `${sandboxUrl}/sandbox/cdn/samples/image.jpg`,
      caption,
    });
    // Images are ready about two seconds after the container (sandbox clock).
    await control("/clock", { advanceMs: 5_000 });
    const published = await throughA.publish(container.id);

    const throughB = accountClientFor(b.instagramContext, rowForB);
    const page = await throughB.listMedia({ limit: 5 });
    const seen = page.data.find((media) => media.id === published.id);
    expect(seen?.caption).toBe(caption);
    expect(a.graphCalls.count).toBeGreaterThan(0);
    expect(b.graphCalls.count).toBeGreaterThan(0);

    // The post's image comes from the shared sandbox's CDN; B's media proxy fetches it from there.
    const mediaUrl = (await throughB.getMedia(published.id, "media_url")).media_url!;
    expect(mediaUrl.startsWith(`${sandboxUrl}/sandbox/scontent.cdninstagram.com/`)).toBe(true);
    const clientB = createHttpClient(b.app, { origin: sightlineUrl });
    for (const [name, value] of user.client.cookies) clientB.cookies.set(name, value);
    const proxied = await clientB.get(
      `/api/functions/instagram-media-proxy?src=${encodeURIComponent(mediaUrl)}`,
    );
    expect(proxied.status).toBe(200);
    expect(proxied.headers.get("content-type")).toBe("image/svg+xml");
    // Only the configured sandbox's CDN: the same path on another origin is refused.
    const elsewhere = mediaUrl.replace(sandboxUrl, "http://127.0.0.1:9");
    const refused = await clientB.get(
      `/api/functions/instagram-media-proxy?src=${encodeURIComponent(elsewhere)}`,
    );
    expect(refused.status).toBe(400);
  }, 60_000);

  it("two instances' workers racing over the same due posts publish each once on the one Instagram", async () => {
    const workspaceId = await personalWorkspaceId(a, user.email);
    const connection = (await findInstagramConnection(a.database.db, workspaceId))!;
    // The user's upload, through A: the sandbox downloads it from PUBLIC_URL/storage/… (A).
    const sample = await fetch(`${sandboxUrl}/sandbox/cdn/samples/image.jpg`);
    const uploaded = await user.client.request("/api/uploads/instagram-media", {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array(await sample.arrayBuffer()),
    });
    expect(uploaded.status).toBe(201);
    const file = (await uploaded.json()) as { bucket: "instagram-media"; key: string };
    // Waits move the shared sandbox's clock, so the race is about claims, not about sleeping.
    const sleep = async (ms: number) => {
      await control("/clock", { advanceMs: ms });
    };
    a.instagramContext.publishRuntime = { sleep };
    b.instagramContext.publishRuntime = { sleep };
    const batch = randomBytes(4).toString("hex");
    const ids: string[] = [];
    for (let index = 0; index < 6; index++) {
      const { row } = await insertScheduledPost(database.db, {
        workspaceId,
        accountId: connection.instagramId,
        mediaUrl: `/storage/${file.bucket}/${file.key}`,
        mediaType: "IMAGE",
        caption: `Race ${batch} #${index}`,
        scheduledTime: new Date(Date.now() - 1_000),
        status: "scheduled",
        timeZone: "UTC",
        items: [{ ...file, mediaType: "image" }],
        postType: "IMAGE",
      });
      ids.push(row.id);
    }
    const outcomes = await Promise.all([
      Promise.all(ids.map((id) => publishIfClaimable(a.instagramContext, id))),
      Promise.all([...ids].reverse().map((id) => publishIfClaimable(b.instagramContext, id))),
    ]);
    expect(outcomes.flat().sort()).toEqual([
      ...Array(6).fill("not-claimed"),
      ...Array(6).fill("published"),
    ]);
    // What Instagram has, read through either instance: each post once.
    const page = await accountClientFor(b.instagramContext, connection).listMedia({
      limit: 50,
      fields: "id,caption",
    });
    const captions = page.data
      .map((media) => media.caption ?? "")
      .filter((caption) => caption.startsWith(`Race ${batch} `));
    expect(captions.sort()).toEqual(ids.map((_, index) => `Race ${batch} #${index}`).sort());
  }, 60_000);

  it("delivers the sandbox's webhook (a simulated comment) to the instances' public URL", async () => {
    const text = `Shared sandbox comment ${randomBytes(4).toString("hex")}`;
    await control("/simulate/comment", { username: "lena.makes", text });
    const stored = await until(async () => {
      const result = (await database.db.execute(
        `select signed_by, processed_at from instagram_webhook_events where body like '%${text}%'`,
      )) as unknown as { rows: Array<{ signed_by: string; processed_at: unknown }> };
      return result.rows[0];
    }, "the webhook delivery");
    // Signed with the Instagram app secret both sides derived from SANDBOX_SECRET.
    expect(stored.signed_by).toBe("instagram");
    await until(async () => {
      const result = (await database.db.execute(
        `select text from instagram_comments where text = '${text}'`,
      )) as unknown as { rows: Array<{ text: string }> };
      return result.rows[0];
    }, "the comment in the inbox tables");
  }, 30_000);

  it("gives a connect link's visitor, started on instance B, the link's own copy", async () => {
    // Pro: room for a second account (a Free workspace's link could not be started).
    await setPersonalPlan(a, user.email, "pro");
    const created = await user.client.post("/api/instagram/connect-links", {});
    expect(created.status).toBe(201);
    const { url, link } = (await created.json()) as { url: string; link: { id: string } };
    const visitor = createHttpClient(b.app, { origin: sightlineUrl });
    const start = await visitor.post("/api/connect-links/start", {
      token: new URL(url).searchParams.get("token"),
      login: "instagram",
    });
    expect(start.status, await start.clone().text()).toBe(200);
    const { authorizeUrl } = (await start.json()) as { authorizeUrl: string };
    const state = new URL(authorizeUrl).searchParams.get("state")!;
    expect(await sandboxSpaceOfState(a.instagramContext, state)).toBe(`connect-link:${link.id}`);
    // The sandbox asked instance A (the balancer's pick) about a round trip B started.
    const page = await fetch(authorizeUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Continue as @lena.makes");
  });

  it("reads the press samples from the shared sandbox and forgets a user's copy over its control API", async () => {
    const [sample] = a.radarsContext.feeds.samples;
    expect(sample?.url.startsWith(`${sandboxUrl}/sandbox/press/`)).toBe(true);
    expect((await a.radarsContext.feeds.fetch(sample!.url)).status).toBe("ok");

    const userId = (
      (await database.db.execute(
        `select id from "user" where email = '${user.email}'`,
      )) as unknown as { rows: Array<{ id: string }> }
    ).rows[0]!.id;
    expect(sandbox.sandbox.hasSpace(userId)).toBe(true);
    // The syncs the publishes started call with the user's token (which would make the copy
    // again); a deleted account has none left running.
    await a.instagramContext.queue.idle({ timeoutMs: 30_000 });
    await b.instagramContext.queue.idle({ timeoutMs: 30_000 });
    await b.sandboxLink!.forgetSpace(userId);
    expect(sandbox.sandbox.hasSpace(userId)).toBe(false);
  }, 60_000);

  it("answers 502 through the media proxy while the shared sandbox is down (last: it stops it)", async () => {
    const src = `${sandboxUrl}/sandbox/scontent.cdninstagram.com/v/any.svg?oe=ffffffff&oh=0`;
    await sandbox.close();
    const response = await user.client.get(
      `/api/functions/instagram-media-proxy?src=${encodeURIComponent(src)}`,
    );
    expect(response.status).toBe(502);
  });
});
