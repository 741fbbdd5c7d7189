import { RUPLOAD_MAX_BODY_BYTES, type Sandbox, sampleFeeds } from "@sightline/instagram-sandbox";
import type { SandboxFeeds } from "./features/radars/index.ts";

/**
 * The one place the app loads the Instagram sandbox at run time (besides tests and benchmarks):
 * deps.ts builds it from here, app.ts mounts it under /sandbox, and the features that read from
 * it are handed what they need (a lint rule holds this).
 */
export { createSandbox } from "@sightline/instagram-sandbox";

/** The sandbox's video upload takes a whole video per request, as Meta's does. */
export const SANDBOX_RUPLOAD_MAX_BODY_BYTES = RUPLOAD_MAX_BODY_BYTES;

/**
 * What the server uses of the Instagram sandbox besides the Graph client, the same whether the
 * sandbox is mounted in this process (the embedded default) or shared by every instance at
 * `INSTAGRAM_SANDBOX_URL` (decision 032). Features are handed this, never the sandbox itself.
 */
export type SandboxLink = {
  /** Mounted at this server's /sandbox, or shared: a process of its own at another origin. */
  kind: "mounted" | "shared";
  /** The origin the sandbox serves `/sandbox/…` on (its CDN, sample files and feeds live there). */
  origin: string;
  /** The token its control routes (`/sandbox/_control/…`) need. */
  controlToken: string;
  /** A request to the sandbox: answered in process when mounted, over HTTP when shared. */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** Drops a deleted user's copy of the demo world (decision 015). */
  forgetSpace(space: string): Promise<void>;
};

/** The sandbox in this process, at this server's /sandbox. */
export function mountedSandboxLink(sandbox: Sandbox, publicOrigin: string): SandboxLink {
  return {
    kind: "mounted",
    origin: publicOrigin,
    controlToken: sandbox.controlToken,
    fetch: (url, init) => sandbox.fetch(url, init),
    forgetSpace: async (space) => sandbox.forgetSpace(space),
  };
}

/**
 * A sandbox running as its own process (`npm run sandbox`), reached over HTTP. Its answers are
 * never followed through a redirect (its CDN and control routes do not redirect), and what needs
 * the sandbox object in process elsewhere goes through its control API here.
 */
export function sharedSandboxLink(options: {
  origin: string;
  controlToken: string;
  fetch?: typeof fetch;
}): SandboxLink {
  const fetchImpl = options.fetch ?? fetch;
  return {
    kind: "shared",
    origin: options.origin,
    controlToken: options.controlToken,
    fetch: (url, init) => fetchImpl(url, { ...init, redirect: "manual" }),
    forgetSpace: async (space) => {
      const response = await fetchImpl(`${options.origin}/sandbox/_control/space`, {
        method: "DELETE",
        headers: { "x-sandbox-control-token": options.controlToken, "x-sandbox-space": space },
        redirect: "manual",
        signal: AbortSignal.timeout(10_000),
      });
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok) {
        throw new Error(
          `The shared Instagram sandbox answered ${response.status} to forget a copy`,
        );
      }
    },
  };
}

/** Press Radar's view of the sandbox: its sample feeds, read from the sandbox itself. */
export function sandboxFeedsOf(link: SandboxLink | undefined): SandboxFeeds | undefined {
  if (!link) return undefined;
  return { origin: link.origin, fetch: (url, init) => link.fetch(url, init), sampleFeeds };
}
