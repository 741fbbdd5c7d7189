import { ACCOUNT_HEADER, WORKSPACE_HEADER } from "@sightline/contracts";

/*
 * GETs of the API that the page the app opens on will make, started while the app's code loads
 * (app/main.tsx, app/early-page-data.ts) rather than once the frame and the page have rendered
 * (issue 27 point 3). The API client's first GET of the same address, for the same workspace and
 * account, takes the answer instead of asking again (lib/api-client.ts). Only a success is taken;
 * anything else, or an answer older than MAX_AGE_MS, and the client asks the server itself.
 * Every early answer is dropped when the first confirmation finds no session and at any other
 * request of the session client (a sign-in, a sign-out: lib/session/session-client.ts): it was
 * read with the cookie of before.
 */

/** An early answer is taken this long after its request started, not later. */
export const MAX_AGE_MS = 10_000;

/** The request headers that choose what an answer is about (lib/workspace.ts, lib/account.ts). */
const SCOPE_HEADERS = [WORKSPACE_HEADER, ACCOUNT_HEADER];

type Early = { startedAt: number; response: Promise<Response> };
const pending = new Map<string, Early>();

function keyOf(url: string | URL, headers: HeadersInit | undefined): string {
  const { pathname, search } = new URL(url, "http://app.invalid");
  const given = new Headers(headers);
  return JSON.stringify([pathname + search, ...SCOPE_HEADERS.map((name) => given.get(name))]);
}

/** Starts a GET of `url` with `headers` (the cookie goes along); a second call for it is a no-op. */
export function getEarly(
  url: string,
  headers: Record<string, string>,
  options: { fetch?: typeof fetch; now?: () => number } = {},
): void {
  const key = keyOf(url, headers);
  if (pending.has(key)) return;
  const fetcher = options.fetch ?? ((...args) => globalThis.fetch(...args));
  const response = fetcher(url, { method: "GET", credentials: "same-origin", headers });
  // A failure is nobody's to report: the taker asks again (takeEarly).
  response.catch(() => {});
  pending.set(key, { startedAt: (options.now ?? Date.now)(), response });
}

/**
 * The early answer to this GET (same address, workspace and account), once: a success, else
 * undefined and the caller asks the server itself. Not a GET, or none under way: undefined.
 */
export function takeEarly(
  url: string | URL,
  init: { method?: string; headers?: HeadersInit } | undefined,
  now: () => number = Date.now,
): Promise<Response | undefined> | undefined {
  if (pending.size === 0 || (init?.method ?? "GET").toUpperCase() !== "GET") return undefined;
  const key = keyOf(url, init?.headers);
  const early = pending.get(key);
  if (!early) return undefined;
  pending.delete(key);
  if (now() - early.startedAt > MAX_AGE_MS) return undefined;
  return early.response.then(
    (response) => (response.ok ? response : undefined),
    () => undefined,
  );
}

/** Drops every early answer (the session changed, or there is none). */
export function discardEarlyGets(): void {
  pending.clear();
}
