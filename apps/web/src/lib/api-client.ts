import type { AppType } from "@sightline/server";
import { type ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import { accountHeaders } from "./account.ts";
import { networkError, toApiError } from "./api-error.ts";
import { takeEarly } from "./early-gets.ts";
import { getBrowserSessionClient } from "./session/session-client.ts";
import { workspaceHeaders } from "./workspace.ts";

/** Refresh the access token first when it expires within this margin. */
const TOKEN_MARGIN_MS = 15_000;

/**
 * The signed-in user's access token as a Bearer header (the session cookie goes along too), and
 * the workspace and Instagram account this tab has open (lib/workspace.ts, lib/account.ts). A token about to expire is refreshed first,
 * so a tab woken from the background does not send a stale one.
 */
async function requestHeaders(): Promise<Record<string, string>> {
  if (typeof window === "undefined") return {};
  const client = getBrowserSessionClient();
  let session = client.getSession();
  if (session && session.expires_at * 1000 - Date.now() < TOKEN_MARGIN_MS) {
    session = await client.refresh();
  }
  return {
    ...workspaceHeaders(),
    ...accountHeaders(),
    ...(session ? { Authorization: `Bearer ${session.access_token}` } : {}),
  };
}

/**
 * A failed connection becomes the typed ApiError (status 0), like every other failure. A GET the
 * app started early for the page (lib/early-gets.ts) is answered from there when it succeeded.
 */
async function fetchOrNetworkError(input: RequestInfo | URL, init?: RequestInit) {
  const early =
    typeof input === "string" || input instanceof URL ? takeEarly(input, init) : undefined;
  const answered = early ? await early : undefined;
  if (answered) return answered;
  try {
    return await globalThis.fetch(input, init);
  } catch {
    throw networkError();
  }
}

/**
 * The one way to call our API: typed from the server's route chain (`AppType`), e.g.
 * `await unwrap(api.me.$get())`. Better Auth's /api/auth/* is not part of AppType; the session
 * client (lib/session) talks to it.
 */
export const api = hc<AppType>("/api", {
  fetch: fetchOrNetworkError,
  headers: requestHeaders,
  init: { credentials: "same-origin" },
});

type SuccessBody<T, S> = S extends SuccessStatusCode ? T : never;
/** The JSON body of a response's 2xx variants. */
export type SuccessData<R> =
  R extends ClientResponse<infer T, infer S, infer _F> ? SuccessBody<T, S> : never;

/**
 * The body of a 2xx answer; any other status throws the typed ApiError with the server's
 * `{ error: { code, message } }`. Redirects on 401 belong to the router, toasts to the query
 * client: this does neither.
 */
export async function unwrap<R extends ClientResponse<unknown, number, string>>(
  response: R | Promise<R>,
): Promise<SuccessData<R>> {
  const resolved = await response;
  if (!resolved.ok) throw await toApiError(resolved as unknown as Response);
  if (resolved.status === 204) return undefined as SuccessData<R>;
  return (await resolved.json()) as SuccessData<R>;
}
