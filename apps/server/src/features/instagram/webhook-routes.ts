import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { insertWebhookEventsOnce, type WebhookEventInsert } from "@sightline/db";
import { answerWebhookChallenge } from "@sightline/instagram-graph";
import { Hono } from "hono";
import type { AppEnv } from "../../app-types.ts";
import type { InstagramContext } from "./context.ts";
import { processWebhooksJob } from "./jobs/process-webhooks.job.ts";

/** Spacing of drain requests during a burst (adds at most this to a webhook's way to the tab). */
const DRAIN_REQUEST_GAP_MS = 25;

function signatureMatches(raw: Uint8Array, header: string, secret: string): boolean {
  const received = Buffer.from(header.slice("sha256=".length), "hex");
  if (received.length !== 32) return false;
  return timingSafeEqual(createHmac("sha256", secret).update(raw).digest(), received);
}

/**
 * /webhooks/instagram: Meta's GET handshake, and POSTed events verified with
 * X-Hub-Signature-256 over the raw bytes against the Instagram app's secret (Instagram Login
 * subscriptions) or the Meta app's (Facebook Login). A bad or missing signature is 401 and
 * nothing is stored; a good one is stored once and answered at once; a drain job does the rest.
 */
export function webhookRoutes(ctx: InstagramContext) {
  const secrets: Array<{ name: "instagram" | "meta"; secret: string }> = [
    ...(ctx.instagram.instagramAppSecret
      ? [{ name: "instagram" as const, secret: ctx.instagram.instagramAppSecret }]
      : []),
    { name: "meta" as const, secret: ctx.instagram.appSecret },
  ];
  // Group commit: deliveries that arrive while an insert is on its way go together in the next
  // one, so a burst costs a few statements instead of one each; alone, one waits for nothing.
  let pending: Array<{
    row: WebhookEventInsert;
    settle: (isNew: boolean) => void;
    fail: (error: unknown) => void;
  }> = [];
  let writing = false;
  function store(row: WebhookEventInsert): Promise<boolean> {
    return new Promise((settle, fail) => {
      pending.push({ row, settle, fail });
      if (!writing) void flush();
    });
  }
  async function flush() {
    writing = true;
    while (pending.length > 0) {
      const batch = pending.slice(0, 500);
      pending = pending.slice(batch.length);
      const unique = [...new Map(batch.map((entry) => [entry.row.bodySha256, entry.row])).values()];
      try {
        const ids = await insertWebhookEventsOnce(ctx.db, unique);
        for (const entry of batch) {
          // Only the first of identical deliveries in a batch counts as new.
          entry.settle(ids.delete(entry.row.bodySha256));
        }
      } catch (error) {
        for (const entry of batch) entry.fail(error);
      }
    }
    writing = false;
  }

  // At most one drain request every DRAIN_REQUEST_GAP_MS: a delivery stored while one is in
  // flight (or just went out) asks for another after the gap, so every stored event is followed
  // by a request that starts after it was stored, and a burst costs a few requests, not one per
  // delivery. The answer does not wait: the stored row is what makes the delivery safe.
  let busy = false;
  let again = false;
  function requestDrain() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    ctx.queue
      .send(processWebhooksJob, {})
      .catch((error: unknown) => ctx.logger.error({ err: error }, "could not queue webhook drain"))
      .finally(() => {
        setTimeout(() => {
          busy = false;
          if (again) {
            again = false;
            requestDrain();
          }
        }, DRAIN_REQUEST_GAP_MS).unref();
      });
  }

  return new Hono<AppEnv>()
    .get("/", (c) => {
      const answer = answerWebhookChallenge(
        new URL(c.req.url).searchParams,
        ctx.instagram.webhookVerifyToken,
      );
      return c.text(answer.body, answer.status);
    })
    .post("/", async (c) => {
      const raw = new Uint8Array(await c.req.arrayBuffer());
      const header = c.req.header("x-hub-signature-256") ?? "";
      const signer = header.startsWith("sha256=")
        ? secrets.find((candidate) => signatureMatches(raw, header, candidate.secret))
        : undefined;
      if (!signer) {
        c.var.logger.warn({ hasSignature: header !== "" }, "webhook refused: bad signature");
        return c.json({ error: { code: "unauthorized", message: "Invalid signature." } }, 401);
      }
      const body = new TextDecoder().decode(raw);
      let object: string;
      try {
        const parsed = JSON.parse(body) as { object?: unknown; entry?: unknown };
        if (typeof parsed.object !== "string" || !Array.isArray(parsed.entry)) throw new Error();
        object = parsed.object;
      } catch {
        return c.json({ error: { code: "bad_request", message: "Not a webhook event." } }, 400);
      }
      const isNew = await store({
        bodySha256: createHash("sha256").update(raw).digest("hex"),
        object,
        signedBy: signer.name,
        body,
      });
      if (isNew) requestDrain();
      return c.text("EVENT_RECEIVED", 200);
    });
}
