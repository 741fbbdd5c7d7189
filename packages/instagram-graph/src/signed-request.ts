import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";

const signedRequestPayloadSchema = z
  .object({
    algorithm: z.string(),
    issued_at: z.number(),
    user_id: z.union([z.string(), z.number()]).transform(String),
    expires: z.number().optional(),
  })
  .loose();
export type SignedRequestPayload = z.infer<typeof signedRequestPayloadSchema>;

/**
 * §1.5 — deauthorize and data-deletion callbacks: `<sig>.<payload>`, both base64url; `sig` is the
 * HMAC-SHA256 of the encoded payload string. Returns undefined when anything does not check out.
 */
export function parseSignedRequest(
  signedRequest: string,
  appSecret: string,
): SignedRequestPayload | undefined {
  const [encodedSignature, encodedPayload, extra] = signedRequest.split(".");
  if (!encodedSignature || !encodedPayload || extra !== undefined) return undefined;
  const expected = createHmac("sha256", appSecret).update(encodedPayload).digest();
  const received = Buffer.from(encodedSignature, "base64url");
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) return undefined;
  try {
    const payload = signedRequestPayloadSchema.parse(
      JSON.parse(Buffer.from(encodedPayload, "base64url").toString("utf8")),
    );
    return payload.algorithm.toUpperCase() === "HMAC-SHA256" ? payload : undefined;
  } catch {
    return undefined;
  }
}
