import { createHmac } from "node:crypto";

/**
 * The sandbox's stand-in for a Meta app, derived from one secret so that the Sightline server and
 * a sandbox it talks to agree on every value without passing them around (decision 032). The
 * embedded default derives them from the server's AUTH_SECRET (the sandbox lives in its process);
 * a shared sandbox (`INSTAGRAM_SANDBOX_URL`) and every instance using it derive them from the one
 * `SANDBOX_SECRET` they are all given, so no instance hands its AUTH_SECRET to the sandbox.
 */
export type SandboxAppCredentials = {
  /** The Meta app id (Facebook Login's client_id). */
  appId: string;
  /** The Meta app secret: Facebook Login exchanges, signed requests, Facebook-Login webhooks. */
  appSecret: string;
  /** The Instagram app id (Instagram Login's client_id), a different value as at Meta. */
  instagramAppId: string;
  /** The Instagram app secret: Instagram Login exchanges and Instagram-Login webhooks. */
  instagramAppSecret: string;
  /** Answered in Meta's GET handshake before the first webhook delivery. */
  webhookVerifyToken: string;
  /** The sandbox's `x-sandbox-control-token` (a shared sandbox only; a mounted one draws its own). */
  controlToken: string;
  /**
   * What a shared sandbox sends (`Authorization: Bearer …`) when it asks Sightline whose copy of
   * the demo world a consent page acts in (decision 032).
   */
  hostToken: string;
};

/** A secret for one purpose: HMAC-SHA256 of the purpose under the shared secret, in hex. */
export function deriveSandboxSecret(secret: string, purpose: string): string {
  return createHmac("sha256", secret).update(purpose).digest("hex");
}

export const SANDBOX_APP_ID = "1000000000000001";
export const SANDBOX_INSTAGRAM_APP_ID = "1000000000000002";

export function sandboxAppCredentials(secret: string): SandboxAppCredentials {
  const derived = (purpose: string) => deriveSandboxSecret(secret, purpose);
  return {
    appId: SANDBOX_APP_ID,
    appSecret: derived("instagram-sandbox-app"),
    instagramAppId: SANDBOX_INSTAGRAM_APP_ID,
    instagramAppSecret: derived("instagram-sandbox-instagram-app"),
    webhookVerifyToken: derived("instagram-sandbox-webhook-verify-token"),
    controlToken: derived("instagram-sandbox-control-token"),
    hostToken: derived("instagram-sandbox-host-token"),
  };
}
