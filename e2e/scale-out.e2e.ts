import { createHmac, randomBytes } from "node:crypto";
import { createDb, type Database } from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiSession,
  connectSandboxAccount,
  type ScaleOut,
  signUp,
  startScaleOut,
} from "./support/scale-out.ts";
import { waitForExit } from "./support/server.ts";

/**
 * Issue 28 point 8, the proof that Sightline runs as several instances: two processes of the
 * compiled server on one PostgreSQL database, one S3 bucket (s3rver) and one standalone
 * Instagram sandbox, behind a round-robin proxy on loopback (e2e/support/scale-out.ts). It needs
 * real processes to kill and to stop, hence this project (it uses no browser).
 */
const SKIP_REASON =
  "needs PostgreSQL: several instances share one database, which the embedded one cannot be; set TEST_DATABASE_URL (CI does: postgres://postgres@127.0.0.1:5432/test)";
const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres) console.warn(`SKIPPED e2e/scale-out.e2e.ts: ${SKIP_REASON}`);

const A = 0;
const B = 1;

async function until<T>(read: () => Promise<T | undefined>, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A response's Server-Sent Events text as it arrives, to wait on. */
function eventStream(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let ended = false;
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // cancelled
    }
    ended = true;
  })();
  return {
    waitFor: (pattern: RegExp, what: string, ms = 15_000) =>
      until(
        async () => {
          if (pattern.test(text)) return true;
          if (ended) throw new Error(`the stream ended before ${what}:\n${text}`);
          return undefined;
        },
        what,
        ms,
      ),
    close: () => reader.cancel().catch(() => {}),
  };
}

describe.skipIf(!postgres)(
  `two instances behind a round-robin proxy${postgres ? "" : ` (skipped: ${SKIP_REASON})`}`,
  () => {
    let cluster: ScaleOut;
    let database: Database;
    let session: ApiSession;
    let email: string;
    let userId: string;
    let workspaceId: string;
    let instagramId: string;
    const at = (index: number) => cluster.origins[index]!;

    async function rows<T>(query: string): Promise<T[]> {
      return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
    }

    async function control(route: string, body?: unknown, space?: string) {
      const response = await fetch(`${cluster.sandboxUrl}/sandbox/_control${route}`, {
        method: body === undefined ? "GET" : "POST",
        headers: {
          "content-type": "application/json",
          "x-sandbox-control-token": cluster.sandbox.sandbox.controlToken,
          ...(space ? { "x-sandbox-space": space } : {}),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(response.status, `${route}: ${await response.clone().text()}`).toBeLessThan(300);
      return response.json() as Promise<Record<string, unknown>>;
    }

    /** What Instagram (the sandbox) holds for the user's @lena.makes, read with its own token. */
    async function liveMedia() {
      const { access_token } = (await control(
        "/tokens",
        { username: "lena.makes", login: "instagram" },
        userId,
      )) as { access_token: string };
      const page = await fetch(
        `${cluster.sandboxUrl}/sandbox/graph.instagram.com/me/media?fields=id,caption&limit=100&access_token=${access_token}`,
      );
      expect(page.status).toBe(200);
      return ((await page.json()) as { data: Array<{ id: string; caption?: string }> }).data;
    }

    async function sampleImage() {
      const sample = await fetch(`${cluster.sandboxUrl}/sandbox/cdn/samples/image.jpg`);
      return new Uint8Array(await sample.arrayBuffer());
    }

    async function upload(base: string, bytes: Uint8Array<ArrayBuffer>) {
      const response = await session.fetch(base, "/api/uploads/instagram-media", {
        method: "POST",
        headers: { "content-type": "application/octet-stream" },
        body: bytes,
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as { bucket: "instagram-media"; key: string; url: string };
    }

    /** Both instances running and in the proxy's rotation (a check before may have stopped one). */
    async function bothRunning() {
      const started = await Promise.allSettled(
        [A, B].map(async (index) => {
          if (!cluster.instances[index]) await cluster.start(index);
        }),
      );
      for (const outcome of started) if (outcome.status === "rejected") throw outcome.reason;
      await cluster.waitUntilProxied([A, B]);
    }

    beforeAll(async () => {
      // After SIGTERM an instance keeps serving for 2 s with /api/ready at 503; the proxy probes
      // every 200 ms.
      cluster = await startScaleOut({ instances: 2, env: { SHUTDOWN_DELAY_SECONDS: "2" } });
      database = await createDb({ databaseUrl: cluster.databaseUrl, migrate: false, poolSize: 2 });
      // Signed up, confirmed and connected through the proxy, as a browser would.
      ({ session, email } = await signUp(cluster.publicUrl));
      ({ instagramId } = await connectSandboxAccount(
        session,
        cluster.publicUrl,
        cluster.sandboxUrl,
      ));
      const [owner] = await rows<{ user_id: string; workspace_id: string }>(
        `select u.id as user_id, w.id as workspace_id from "user" u
         join workspaces w on w.personal_owner_id = u.id where u.email = '${email}'`,
      );
      userId = owner!.user_id;
      workspaceId = owner!.workspace_id;
      // The first sync (a job on either instance) has read the account's posts.
      await until(
        async () =>
          (
            await rows<{ synced: boolean }>(
              `select last_synced_at is not null as synced from instagram_connections
               where workspace_id = '${workspaceId}' and instagram_id = '${instagramId}'`,
            )
          )[0]?.synced || undefined,
        "the first sync",
        60_000,
      );
    }, 180_000);

    afterAll(async () => {
      // A process a failed check left frozen (SIGSTOP) is resumed, so that it can be stopped.
      for (const instance of cluster?.instances ?? []) instance?.process.kill("SIGCONT");
      await database?.close();
      await cluster?.close();
    });

    it("a webhook delivered to A reaches an open stream on B (and one through the proxy)", async () => {
      const [media] = await rows<{ ig_media_id: string }>(
        `select ig_media_id from instagram_media where workspace_id = '${workspaceId}'
         and parent_ig_media_id is null order by posted_at desc limit 1`,
      );
      const onB = await session.fetch(at(B), "/api/realtime");
      expect(onB.status).toBe(200);
      const throughProxy = await session.fetch(cluster.publicUrl, "/api/realtime");
      expect(throughProxy.status).toBe(200);
      const streams = [eventStream(onB), eventStream(throughProxy)];
      try {
        // Each stream subscribed before it wrote its first line.
        for (const stream of streams) await stream.waitFor(/^retry: /m, "the stream's first line");
        // B is frozen while A takes the delivery and its drain runs (only A's workers can run
        // it): the event can only reach B's stream through PostgreSQL (NOTIFY, then the row).
        const b = cluster.instances[B]!;
        b.process.kill("SIGSTOP");
        const text = `Delivered to A ${randomBytes(4).toString("hex")}`;
        try {
          const body = JSON.stringify({
            object: "instagram",
            entry: [
              {
                id: instagramId,
                time: Math.floor(Date.now() / 1000),
                changes: [
                  {
                    field: "comments",
                    value: {
                      id: `1780${Date.now()}`,
                      text,
                      from: { id: "6345000000000777", username: "a.visitor" },
                      media: { id: media!.ig_media_id },
                    },
                  },
                ],
              },
            ],
          });
          // Signed as the sandbox (Meta) signs it: the Instagram app secret, X-Hub-Signature-256.
          const signature = createHmac("sha256", cluster.webhookSecret).update(body).digest("hex");
          const delivered = await fetch(`${at(A)}/webhooks/instagram`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              "x-hub-signature-256": `sha256=${signature}`,
            },
            body,
          });
          expect(delivered.status).toBe(200);
          await until(
            async () => (await rows(`select 1 from instagram_comments where text = '${text}'`))[0],
            "A's drain to store the comment",
          );
        } finally {
          b.process.kill("SIGCONT");
        }
        const event = new RegExp(
          `event: instagram-comment:created\\ndata: [^\\n]*${media!.ig_media_id}`,
        );
        await streams[0]!.waitFor(event, "the comment event on B's stream");
        await streams[1]!.waitFor(event, "the comment event through the proxy");
      } finally {
        for (const stream of streams) await stream.close();
      }
    }, 60_000);

    it("a file uploaded through A is served by B (one S3 bucket)", async () => {
      const image = await sampleImage();
      const uploaded = await upload(at(A), image);
      const url = new URL(uploaded.url);
      // Signed for PUBLIC_URL, the proxy: any instance behind it must serve it.
      expect(url.origin).toBe(cluster.publicUrl);
      const fromB = await fetch(`${at(B)}${url.pathname}${url.search}`);
      expect(fromB.status).toBe(200);
      expect(Buffer.compare(Buffer.from(await fromB.arrayBuffer()), Buffer.from(image))).toBe(0);
    });

    it("rate limits hold across both: alternating A and B is refused at the count one instance refuses at", async () => {
      // Better Auth's limit per client address on password sign-in (5 a minute, its own table):
      // the sixth attempt is refused whichever instance the first five reached.
      const nobody = `nobody-${randomBytes(4).toString("hex")}@example.com`;
      const signIns: number[] = [];
      for (let attempt = 0; attempt < 6; attempt++) {
        const answer = await fetch(`${at(attempt % 2 === 0 ? A : B)}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: cluster.publicUrl },
          body: JSON.stringify({ email: nobody, password: "not the password" }),
        });
        signIns.push(answer.status);
      }
      expect(signIns.join(" ")).toBe("401 401 401 401 401 429");
      // The app's own per-user limits (rate_limit_events): starting an Instagram connection,
      // 10 an hour; the connection made before used one.
      const starts: number[] = [];
      for (let attempt = 0; attempt < 10; attempt++) {
        const answer = await session.post(at(attempt % 2 === 0 ? A : B), "/api/instagram/connect", {
          login: "instagram",
        });
        starts.push(answer.status);
      }
      expect(starts.join(" ")).toBe(`${"200 ".repeat(9)}429`);
    });

    it("a post scheduled through B is published once while A is killed mid-publish: B finishes it", async () => {
      const file = await upload(at(B), await sampleImage());
      // Instagram takes 3 s to answer the publish: A dies while it waits.
      await control("/faults", { pathGlob: "*/media_publish", method: "POST", delayMs: 3_000 });
      const caption = `Scheduled through B ${randomBytes(4).toString("hex")}`;
      const scheduled = await session.post(at(B), "/api/scheduled-posts", {
        items: [{ bucket: file.bucket, key: file.key, mediaType: "image" }],
        caption,
        scheduled_time: new Date(Date.now() + 4_000).toISOString(),
        time_zone: "UTC",
      });
      expect(scheduled.status, await scheduled.clone().text()).toBe(201);
      const { post } = (await scheduled.json()) as { post: { id: string } };
      // B sits the claim out (frozen), so A's worker is the one that takes the post; the proxy
      // stops sending to B (its probes go unanswered) before the sandbox, fetching the image
      // through it, could meet B.
      const b = cluster.instances[B]!;
      b.process.kill("SIGSTOP");
      try {
        await cluster.waitUntilProxied([A], 3_000);
        const held = await until(
          async () =>
            (
              await rows<{ attempt_count: number; requested: string | null }>(
                `select attempt_count, progress->>'publishRequestedAt' as requested
                 from scheduled_posts where id = '${post.id}'`,
              )
            ).find((row) => row.requested),
          "A asking Instagram to publish",
          30_000,
        );
        expect(held.attempt_count).toBe(1);
        // The fault fired (it is used up): A's media_publish is at the sandbox, waiting.
        await until(
          async () => ((await control("/faults")).data as unknown[]).length === 0 || undefined,
          "the publish call at the sandbox",
        );
        await cluster.kill(A);
      } finally {
        b.process.kill("SIGCONT");
      }
      type Answer = {
        post: { status: string; attempt_count: number; ig_media_id: string | null };
        attempts: Array<{ attempt: number; step: string; outcome: string }>;
      };
      // B takes the post up once A's lease lapses (A no longer renews it), from A's journal.
      const done = await until(
        async () => {
          const answer = (await (
            await session.fetch(at(B), `/api/scheduled-posts/${post.id}`)
          ).json()) as Answer;
          return ["published", "failed"].includes(answer.post.status) ? answer : undefined;
        },
        "B to finish the post",
        60_000,
      );
      expect(done.post).toMatchObject({ status: "published", attempt_count: 2 });
      expect(done.attempts.some((step) => step.attempt === 2 && step.step === "publish")).toBe(
        true,
      );
      const live = (await liveMedia()).filter((media) => media.caption === caption);
      expect(live).toHaveLength(1);
      expect(done.post.ig_media_id).toBe(live[0]!.id);
      // A comes back for what follows.
      await cluster.start(A);
    }, 120_000);

    it("SIGTERM to one instance during a burst of requests through the proxy loses none", async () => {
      await bothRunning();
      const answeredBefore = new Map(cluster.proxy.stats.answered);
      const { refused, retried } = cluster.proxy.stats;
      const outcomes = new Map<string, number>();
      let sent = 0;
      let stop = false;
      const routes = ["/api/me", "/api/scheduled-posts"];
      // 20 clients at a time, authenticated GETs, until well after B has gone.
      const client = async () => {
        while (!stop) {
          const route = routes[sent++ % routes.length]!;
          let outcome: string;
          try {
            const answer = await session.fetch(cluster.publicUrl, route);
            await answer.arrayBuffer();
            outcome = String(answer.status);
          } catch (error) {
            outcome = `error: ${(error as Error).message}`;
          }
          outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
        }
      };
      const clients = Array.from({ length: 20 }, client);
      await until(async () => (sent >= 100 ? true : undefined), "the burst to get going");
      const b = cluster.instances[B]!;
      const answeredByB = () =>
        (cluster.proxy.stats.answered.get(at(B)) ?? 0) - (answeredBefore.get(at(B)) ?? 0);
      expect(answeredByB()).toBeGreaterThan(0);
      b.process.kill("SIGTERM");
      const exitCode = await waitForExit(b.process);
      const answeredByBInAll = answeredByB();
      await new Promise((resolve) => setTimeout(resolve, 500));
      // At least 200 requests in all, however slow the machine (189 once on a loaded CI run).
      await until(async () => (sent >= 200 ? true : undefined), "200 requests in the burst");
      stop = true;
      await Promise.all(clients);
      const total = [...outcomes.values()].reduce((sum, count) => sum + count, 0);
      expect(exitCode).toBe(0);
      expect(total).toBeGreaterThanOrEqual(200);
      expect(Object.fromEntries(outcomes)).toEqual({ "200": total });
      // B answered until the proxy saw its readiness go, and went on serving for
      // SHUTDOWN_DELAY_SECONDS after: no connection of the proxy's was refused or closed under a
      // request, so not one request needed a second backend (the proxy's retries hid nothing).
      expect(answeredByBInAll).toBeGreaterThan(0);
      expect({
        refused: cluster.proxy.stats.refused - refused,
        retried: cluster.proxy.stats.retried - retried,
      }).toEqual({ refused: 0, retried: 0 });
    }, 90_000);
  },
);
