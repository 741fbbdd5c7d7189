import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { webhookSignedContent } from "@sightline/contracts";

/** A new endpoint secret: 32 random bytes, `whsec_` and base64url (shown once). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** `v1=<hex HMAC-SHA256 of "<timestamp>.<body>">` with the endpoint's secret. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  const digest = createHmac("sha256", secret)
    .update(webhookSignedContent(timestamp, body))
    .digest("hex");
  return `v1=${digest}`;
}

/**
 * What a receiver does (and the tests): the signature matches and the timestamp is within
 * `toleranceSeconds` of its clock. Kept here as the reference the decision's example follows.
 */
export function verifyWebhookSignature(input: {
  secret: string;
  header: string;
  timestamp: string;
  body: string;
  nowSeconds: number;
  toleranceSeconds: number;
}): boolean {
  const timestamp = Number(input.timestamp);
  if (!Number.isInteger(timestamp)) return false;
  if (Math.abs(input.nowSeconds - timestamp) > input.toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(input.secret, timestamp, input.body));
  return input.header
    .split(",")
    .map((part) => Buffer.from(part.trim()))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
}

/** The vault's context for an endpoint's secret: a sealed secret copied to another row fails. */
export function webhookSecretContext(workspaceId: string, endpointId: string): string {
  return `webhook-secret:${workspaceId}:${endpointId}`;
}
