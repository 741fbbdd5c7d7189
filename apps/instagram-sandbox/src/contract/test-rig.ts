import {
  createGraphClient,
  type GraphClientOptions,
  sandboxBaseUrls,
} from "@sightline/instagram-graph";
import { createSandbox, type Sandbox, type SandboxOptions } from "../sandbox.ts";

export const ORIGIN = "http://sandbox.test";
export const APP_ID = "100000000000001";
export const INSTAGRAM_APP_ID = "100000000000002";
export const APP_SECRET = "test-app-secret";
export const INSTAGRAM_APP_SECRET = "test-instagram-app-secret";
export const REDIRECT_URI = "https://app.test/auth/instagram/callback";
export const WEBHOOK_URL = "https://app.test/webhooks/instagram";

/** A received webhook, as the app's endpoint would see it. */
export type ReceivedWebhook = { body: string; headers: Headers };

/**
 * One sandbox and one client wired in-process (no ports): the client's fetch calls the sandbox
 * app directly, and the sandbox's outgoing fetches (webhooks, non-sandbox media URLs) land in
 * `webhooks` or `external`.
 */
export function createRig(
  options: {
    sandbox?: Partial<SandboxOptions>;
    client?: Partial<GraphClientOptions>;
    start?: Date;
    external?: (url: string, init?: RequestInit) => Promise<Response> | Response;
  } = {},
) {
  let now = options.start ?? new Date("2025-06-15T10:00:00Z");
  const webhooks: ReceivedWebhook[] = [];
  const sleeps: number[] = [];
  let sandbox: Sandbox;
  const sandboxFetch = async (input: string | URL | Request, init?: RequestInit) =>
    sandbox.app.fetch(input instanceof Request ? input : new Request(input, init));
  sandbox = createSandbox({
    publicOrigin: ORIGIN,
    appId: APP_ID,
    instagramAppId: INSTAGRAM_APP_ID,
    appSecret: APP_SECRET,
    instagramAppSecret: INSTAGRAM_APP_SECRET,
    webhookUrl: WEBHOOK_URL,
    // The app's own callback is the only place a consent page redirects to (decision 015).
    redirectUris: [REDIRECT_URI],
    // Media URLs that are not the sandbox's samples: the test's stand-in for the host's fetch.
    fetchMedia: async (url, init) =>
      options.external ? options.external(url, init) : new Response("not found", { status: 404 }),
    // Tests that count deliveries need each sent once; duplicates are tested on their own.
    webhookDuplicateRate: 0,
    tickIntervalMs: false,
    clock: () => now,
    fetch: async (url, init) => {
      if (url.startsWith(WEBHOOK_URL)) {
        const request = new Request(url, init);
        if (request.method === "GET") {
          return new Response(new URL(url).searchParams.get("hub.challenge") ?? "", {
            status: 200,
          });
        }
        webhooks.push({ body: await request.text(), headers: request.headers });
        return new Response("ok");
      }
      if (options.external) return options.external(url, init);
      return new Response("not found", { status: 404 });
    },
    ...options.sandbox,
  });
  const graph = createGraphClient({
    baseUrls: sandboxBaseUrls(ORIGIN),
    appId: APP_ID,
    instagramAppId: INSTAGRAM_APP_ID,
    appSecret: APP_SECRET,
    instagramAppSecret: INSTAGRAM_APP_SECRET,
    redirectUri: REDIRECT_URI,
    version: "v23.0",
    fetch: (input, init) => sandboxFetch(input, init),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...options.client,
  });
  const accounts = sandbox.accounts();
  const account = (username: string) => {
    const found = accounts.find((entry) => entry.username === username);
    if (!found) throw new Error(`no account ${username}`);
    return found;
  };
  return {
    sandbox,
    graph,
    webhooks,
    sleeps,
    fetch: sandboxFetch,
    account,
    lena: account("lena.makes"),
    northfield: account("northfield.coffee"),
    oona: account("oona.bakes"),
    now: () => now,
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
    setNow(date: Date) {
      now = date;
    },
    /** An account client for Instagram Login with a fresh long-lived token. */
    igAccount(username = "lena.makes", scopes?: string[]) {
      const info = account(username);
      return graph.account({
        login: "instagram",
        accessToken: sandbox.issueToken({
          username,
          login: "instagram",
          ...(scopes ? { scopes } : {}),
        }),
        igUserId: info.igUserId,
      });
    },
    /** An account client for Facebook Login with a Page token. */
    fbAccount(username = "lena.makes", scopes?: string[]) {
      const info = account(username);
      return graph.account({
        login: "facebook",
        accessToken: sandbox.issueToken({
          username,
          login: "facebook",
          kind: "page",
          ...(scopes ? { scopes } : {}),
        }),
        igUserId: info.igUserId,
        pageId: info.pageId,
      });
    },
    async control(path: string, body?: unknown) {
      const response = await sandboxFetch(`${ORIGIN}/sandbox/_control${path}`, {
        method: body === undefined && path === "/state" ? "GET" : "POST",
        headers: {
          "content-type": "application/json",
          "x-sandbox-control-token": sandbox.controlToken,
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: response.status, json: (await response.json()) as Record<string, unknown> };
    },
    sampleJpeg(width: number, height: number, extra = "") {
      return `${ORIGIN}/sandbox/cdn/samples/image.jpg?w=${width}&h=${height}${extra}`;
    },
    sampleMp4(width: number, height: number, durationMs: number, extra = "") {
      return `${ORIGIN}/sandbox/cdn/samples/video.mp4?w=${width}&h=${height}&duration_ms=${durationMs}${extra}`;
    },
  };
}

export type Rig = ReturnType<typeof createRig>;

/** Drives the consent page like a browser: GET the dialog, POST the chosen account, read the redirect. */
export async function consent(
  rig: Rig,
  authorizeUrl: string,
  username: string,
  decision: "allow" | "deny" = "allow",
) {
  const page = await rig.fetch(authorizeUrl);
  const html = await page.text();
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams({
    client_id: url.searchParams.get("client_id") ?? "",
    redirect_uri: url.searchParams.get("redirect_uri") ?? "",
    scope: url.searchParams.get("scope") ?? "",
    response_type: url.searchParams.get("response_type") ?? "code",
    ...(url.searchParams.get("state") !== null ? { state: url.searchParams.get("state")! } : {}),
    decision,
    account: rig.account(username).igUserId,
  });
  const response = await rig.fetch(`${url.origin}${url.pathname}`, {
    method: "POST",
    body: form,
    redirect: "manual",
  });
  return {
    pageStatus: page.status,
    html,
    status: response.status,
    location: response.headers.get("location") ?? "",
  };
}

/** Consents as `username` to an Instagram Login dialog (state "s") and returns the redirect's code. */
export async function instagramCode(
  rig: Rig,
  username: string,
  scopes: readonly string[] = ["instagram_business_basic"],
): Promise<string> {
  const url = rig.graph.oauth.instagramAuthorizeUrl({ scopes, state: "s" });
  const { location } = await consent(rig, url, username);
  return new URL(location).searchParams.get("code")!;
}

/** Compile-time check: the wiring suggested to the server type-checks as written. */
export function wireClientToSandbox(sandbox: Sandbox) {
  return createGraphClient({
    baseUrls: sandboxBaseUrls(ORIGIN),
    appId: APP_ID,
    instagramAppId: INSTAGRAM_APP_ID,
    appSecret: APP_SECRET,
    instagramAppSecret: INSTAGRAM_APP_SECRET,
    redirectUri: REDIRECT_URI,
    version: "v23.0",
    fetch: (input, init) => sandbox.app.fetch(new Request(input, init)),
  });
}
