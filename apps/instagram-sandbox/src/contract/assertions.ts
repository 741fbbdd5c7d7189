import { GraphApiError, verifyWebhookSignature } from "@sightline/instagram-graph";
import type { ReceivedWebhook } from "./test-rig.ts";

/** Awaits a call that must fail and returns its error, asserting it is a `GraphApiError`. */
export async function caught(promise: Promise<unknown>): Promise<GraphApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof GraphApiError))
    throw new Error(`expected GraphApiError, got ${String(error)}`);
  return error;
}

/** Whether a received webhook's `X-Hub-Signature-256` verifies against its raw body with `secret`. */
export function signedWith(hook: ReceivedWebhook, secret: string): boolean {
  return verifyWebhookSignature(hook.body, hook.headers.get("x-hub-signature-256"), secret);
}
