import { RUPLOAD_MAX_BODY_BYTES, type Sandbox, sampleFeeds } from "@sightline/instagram-sandbox";
import type { SandboxFeeds } from "./features/radars/index.ts";

/**
 * The one place the app loads the Instagram sandbox at run time (besides tests and benchmarks):
 * deps.ts builds it from here, app.ts mounts it under /sandbox, and the features that read from
 * it in process are handed what they need (a lint rule holds this).
 */
export { createSandbox } from "@sightline/instagram-sandbox";

/** The sandbox's video upload takes a whole video per request, as Meta's does. */
export const SANDBOX_RUPLOAD_MAX_BODY_BYTES = RUPLOAD_MAX_BODY_BYTES;

/** Press Radar's view of the sandbox: its sample feeds, read in process. */
export function sandboxFeedsOf(sandbox: Sandbox | undefined): SandboxFeeds | undefined {
  if (!sandbox) return undefined;
  return { fetch: (url, init) => sandbox.fetch(url, init), sampleFeeds };
}
