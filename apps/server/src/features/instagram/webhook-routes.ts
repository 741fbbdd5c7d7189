import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { insertWebhookEventOnce } from "@sightline/db";
import { answerWebhookChallenge } from "@sightline/instagram-graph";
import { Hono } from "hono";
import type { AppEnv } from "../../app-types.ts";
import type { InstagramContext } from "./context.ts";
import { processWebhooksJob } from "./jobs/process-webhooks.job.ts";

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
  // One drain request in flight at a time; a delivery stored meanwhile asks for one more after
  // it, so every stored event is followed by a request that starts after it was stored. The
  // answer does not wait: the stored row is what makes the delivery safe.
  let requesting = false;
  let again = false;
  function requestDrain() {
    if (requesting) {
      again = true;
      return;
    }
    requesting = true;
    ctx.queue
      .send(processWebhooksJob, {})
      .catch((error: unknown) => ctx.logger.error({ err: error }, "could not queue webhook drain"))
      .finally(() => {
        requesting = false;
        if (again) {
          again = false;
          requestDrain();
        }
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
      const eventId = await insertWebhookEventOnce(ctx.db, {
        bodySha256: createHash("sha256").update(raw).digest("hex"),
        object,
        signedBy: signer.name,
        body,
      });
      if (eventId !== null) requestDrain();
      return c.text("EVENT_RECEIVED", 200);
    });
}
