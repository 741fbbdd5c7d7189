import { isMetaCdnUrl, SANDBOX_CDN_PATH } from "@sightline/contracts";

export const MEDIA_PROXY_PATH = "/api/functions/instagram-media-proxy";
/** Spec §9: every avatar retry waits this long and adds an `_r` timestamp. */
export const AVATAR_RETRY_DELAY_MS = 200;

/** One image the avatar tries: `source` as Meta or the caller gave it, `url` as the img loads it. */
export type AvatarAttempt = { source: string; url: string; isProxied: boolean };

export type AvatarChainState = {
  attempt: AvatarAttempt | null;
  /** Spec §8: each step of the failure chain runs at most once per avatar. */
  tried: { refresh: boolean; direct: boolean; lookup: boolean };
};

export type AvatarStep =
  | { kind: "refresh"; igsid: string }
  | { kind: "direct"; source: string }
  | { kind: "lookup"; username: string }
  | { kind: "give-up" };

export type AvatarIdentity = { igsid?: string | undefined; username?: string | undefined };

/**
 * The sandbox's CDN as an absolute URL for the proxy, or null: a path on our own origin (a mounted
 * sandbox), or an absolute http(s) URL on any origin (a sandbox shared by several instances runs
 * at its own, decision 032); the server's proxy fetches only the configured sandbox's and refuses
 * the rest. Both the text as given and the parsed URL must sit under the prefix (the parser folds
 * `..`), as on the server.
 */
function sandboxCdnUrl(src: string, origin: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(src, origin);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  if (parsed.username !== "" || parsed.password !== "") return null;
  const prefix = `${parsed.origin}${SANDBOX_CDN_PATH}`;
  const text = src.startsWith(SANDBOX_CDN_PATH) ? `${origin.replace(/\/+$/, "")}${src}` : src;
  if (!text.startsWith(prefix)) return null;
  return parsed.href.startsWith(prefix) ? parsed.href : null;
}

/**
 * Spec §5: an avatar goes through our media proxy only when it is on Meta's CDN (or the sandbox's
 * CDN); any other address is used as given.
 */
export function avatarAttempt(source: string, origin: string): AvatarAttempt {
  const proxied = isMetaCdnUrl(source) ? source : sandboxCdnUrl(source, origin);
  if (proxied === null) return { source, url: source, isProxied: false };
  return {
    source,
    url: `${MEDIA_PROXY_PATH}?src=${encodeURIComponent(proxied)}`,
    isProxied: true,
  };
}

/**
 * Spec §9: `_r=<timestamp>` on the URL the img loads. Appended as text, never re-serialised, so the
 * other parameters (a CDN signature above all) keep their exact bytes; an earlier `_r` is replaced.
 */
export function withRetryParam(url: string, timestamp: number): string {
  const hashAt = url.indexOf("#");
  const hash = hashAt === -1 ? "" : url.slice(hashAt);
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const params =
    queryAt === -1
      ? []
      : beforeHash
          .slice(queryAt + 1)
          .split("&")
          .filter((part) => part !== "" && part !== "_r" && !part.startsWith("_r="));
  params.push(`_r=${timestamp}`);
  return `${path}?${params.join("&")}${hash}`;
}

export function startAvatarChain(src: string | null | undefined, origin: string): AvatarChainState {
  return {
    attempt: src ? avatarAttempt(src, origin) : null,
    tried: { refresh: false, direct: false, lookup: false },
  };
}

/**
 * Spec §8, after the current image failed: refresh the picture via the profile function, then the
 * original URL instead of the proxy, then the public lookup by username, then give up. The step
 * returned is marked as tried in the new state.
 */
export function nextAvatarStep(
  state: AvatarChainState,
  who: AvatarIdentity,
): { step: AvatarStep; state: AvatarChainState } {
  const { tried } = state;
  if (who.igsid && !tried.refresh) {
    return {
      step: { kind: "refresh", igsid: who.igsid },
      state: { ...state, tried: { ...tried, refresh: true } },
    };
  }
  if (state.attempt?.isProxied && !tried.direct) {
    return {
      step: { kind: "direct", source: state.attempt.source },
      state: { ...state, tried: { ...tried, direct: true } },
    };
  }
  if (who.username && !tried.lookup) {
    return {
      step: { kind: "lookup", username: who.username },
      state: { ...state, tried: { ...tried, lookup: true } },
    };
  }
  return { step: { kind: "give-up" }, state };
}

export type AvatarChainDeps = AvatarIdentity & {
  origin: string;
  /** instagram-user-profile-get with force: the current picture, or null. */
  refreshPicture: (igsid: string) => Promise<string | null>;
  /** instagram-user-lookup: the public picture, or null. */
  lookupPicture: (username: string) => Promise<string | null>;
  wait: (ms: number) => Promise<void>;
  now: () => number;
};

/**
 * Runs the chain after a failed image: waits the retry delay, then takes steps until one yields
 * a URL to load (with `_r`), or none is left (`url` null: the caller's handler and the initials).
 * A step whose call fails or brings nothing new falls through to the next one.
 */
export async function retryAvatar(
  current: AvatarChainState,
  deps: AvatarChainDeps,
): Promise<{ state: AvatarChainState; url: string | null }> {
  await deps.wait(AVATAR_RETRY_DELAY_MS);
  let state = current;
  // Three steps at most; the bound keeps a broken "tried" mark from spinning forever.
  for (let taken = 0; taken < 3; taken += 1) {
    const next = nextAvatarStep(state, deps);
    state = next.state;
    const { step } = next;
    if (step.kind === "give-up") return { state, url: null };

    let attempt: AvatarAttempt | null = null;
    if (step.kind === "direct") {
      attempt = { source: step.source, url: step.source, isProxied: false };
    } else {
      const picture =
        step.kind === "refresh"
          ? await deps.refreshPicture(step.igsid).catch(() => null)
          : await deps.lookupPicture(step.username).catch(() => null);
      if (picture && picture !== state.attempt?.source)
        attempt = avatarAttempt(picture, deps.origin);
    }
    if (attempt) {
      return { state: { ...state, attempt }, url: withRetryParam(attempt.url, deps.now()) };
    }
  }
  return { state, url: null };
}
