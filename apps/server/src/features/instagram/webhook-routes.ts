import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { insertWebhookEventsOnce, type WebhookEventInsert } from "@sightline/db";
import { answerWebhookChallenge } from "@sightline/instagram-graph";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/app-types.ts";
import { stripControlCharacters, stripControlCharactersDeep } from "../../lib/clean-text.ts";
import type { InstagramContext } from "./context.ts";
import { processWebhooksJob } from "./jobs/process-webhooks.job.ts";

/** Spacing of drain requests during a burst (adds at most this to a webhook's way to the tab). */
const DRAIN_REQUEST_GAP_MS = 25;

/**
 * Largest delivery body: Meta batches up to 1,000 updates in one delivery (reference §6.2) and
 * documents no byte size; 1,000 updates of about 4 KB each (a long comment with every non-ASCII
 * character escaped as \uXXXX) fit. Decision 017.
 */
export const WEBHOOK_MAX_BYTES = 4 * 1024 * 1024;

/**
 * Deliveries whose newest entry is older than this are answered 200 and dropped: Meta retries for
 * up to about 36 hours, and a replayed old body must not be taken again once retention has pruned
 * the stored copy its hash was deduplicated against (WEBHOOK_RETENTION_DAYS is at least 2).
 */
export const WEBHOOK_MAX_AGE_MS = 48 * 60 * 60 * 1000;

/**
 * True for JSON text that may decode to a control character stripControlCharacters removes: an
 * escape of one (\u0000–\u001f other than tab, line feed and carriage return are all written
 * \uXXXX, \b or \f), or U+007F–U+009F, which JSON allows unescaped. It may say yes for text
 * that holds none (an escaped backslash before a "b"); it never says no for text that holds one.
 */
const MAY_HOLD_CONTROL = /\\(?:u00(?:[01][0-9a-f]|7f|[89][0-9a-f])|[bf])|[\u007f-\u009f]/i;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** Exactly "sha256=" and 64 hex digits: nothing before, nothing after. */
const SIGNATURE_HEADER = /^sha256=([0-9a-f]{64})$/i;

function signatureMatches(raw: Uint8Array, hex: string, secret: string): boolean {
  const received = Buffer.from(hex, "hex");
  if (received.length !== 32) return false;
  return timingSafeEqual(createHmac("sha256", secret).update(raw).digest(), received);
}

/** An entry's `time` in ms: changes-style entries count seconds, messaging ones milliseconds. */
function entryTimeMs(time: unknown): number | undefined {
  if (typeof time !== "number" || !Number.isFinite(time)) return undefined;
  return time < 1e12 ? time * 1000 : time;
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
      const hex = SIGNATURE_HEADER.exec(header)?.[1];
      const signer = hex
        ? secrets.find((candidate) => signatureMatches(raw, hex, candidate.secret))
        : undefined;
      if (!signer) {
        c.var.logger.warn({ hasSignature: header !== "" }, "webhook refused: bad signature");
        return c.json({ error: { code: "unauthorized", message: "Invalid signature." } }, 401);
      }
      let text: string;
      let parsed: { object: string; entry: unknown[] };
      try {
        text = utf8.decode(raw);
        parsed = JSON.parse(text);
        if (typeof parsed.object !== "string" || !Array.isArray(parsed.entry)) throw new Error();
      } catch {
        return c.json({ error: { code: "bad_request", message: "Not a webhook event." } }, 400);
      }
      const times = parsed.entry
        .map((entry) => entryTimeMs((entry as { time?: unknown } | null)?.time))
        .filter((time): time is number => time !== undefined);
      if (times.length > 0 && Math.max(...times) < ctx.now() - WEBHOOK_MAX_AGE_MS) {
        c.var.logger.warn({ newestEntryMs: Math.max(...times) }, "webhook dropped: too old");
        return c.text("EVENT_RECEIVED", 200);
      }
      // Control characters (NUL above all, which PostgreSQL cannot store) go at the door, so
      // the drain never meets them; the hash stays the one of the bytes Meta sent. A body
      // without any is stored as sent, not parsed apart and written again.
      const clean = !MAY_HOLD_CONTROL.test(text);
      const object = clean ? parsed.object : stripControlCharacters(parsed.object);
      const body = clean ? text : JSON.stringify(stripControlCharactersDeep(parsed));
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
