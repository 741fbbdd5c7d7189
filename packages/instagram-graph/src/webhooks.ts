import { createHmac, timingSafeEqual } from "node:crypto";
import { type WebhookPayload, webhookPayloadSchema } from "./schemas/webhooks.ts";

/**
 * §6.2 — `X-Hub-Signature-256: sha256=<hex>` over the exact raw bytes. Several secrets may be
 * given because which one signs IG-Login webhooks (Instagram app vs Meta app) is unconfirmed.
 */
export function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  signatureHeader: string | null | undefined,
  appSecrets: string | readonly string[],
): boolean {
  if (!signatureHeader?.startsWith("sha256=")) return false;
  const received = Buffer.from(signatureHeader.slice("sha256=".length), "hex");
  if (received.length !== 32) return false;
  const secrets = typeof appSecrets === "string" ? [appSecrets] : appSecrets;
  return secrets.some((secret) => {
    const expected = createHmac("sha256", secret).update(rawBody).digest();
    return timingSafeEqual(expected, received);
  });
}

/** Parses (after verifying!) a webhook body. Throws a ZodError on an unexpected shape. */
export function parseWebhookPayload(rawBody: string): WebhookPayload {
  return webhookPayloadSchema.parse(JSON.parse(rawBody));
}

/** §6.1 — the GET handshake: echo `hub.challenge` when the verify token matches, else 403. */
export function answerWebhookChallenge(
  query: URLSearchParams,
  verifyToken: string,
): { status: 200; body: string } | { status: 403; body: string } {
  const mode = query.get("hub.mode");
  const token = query.get("hub.verify_token");
  const challenge = query.get("hub.challenge");
  if (mode === "subscribe" && token === verifyToken && challenge !== null) {
    return { status: 200, body: challenge };
  }
  return { status: 403, body: "Forbidden" };
}
