import type { InstagramConnection } from "@sightline/contracts";
import { TEST_PUBLIC_URL, type TestApp } from "./create-test-app.ts";
import type { HttpClient } from "./http-client.ts";

/** The consent page's form for one account: where it posts and what it carries. */
function consentForm(html: string, username: string): { action: string; fields: URLSearchParams } {
  const forms = html.match(/<form class="account"[\s\S]*?<\/form>/g) ?? [];
  const form = forms.find((candidate) => candidate.includes(`@${username}<`));
  if (!form) throw new Error(`@${username} is not on the consent page`);
  const action = /action="([^"]+)"/.exec(form)?.[1] ?? "";
  const fields = new URLSearchParams();
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(decodeEntities(match[1]!), decodeEntities(match[2]!));
  }
  return { action: decodeEntities(action), fields };
}

function decodeEntities(text: string): string {
  return text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/**
 * Walks the OAuth round trip as a person would: ask the app where to go, pick the account on the
 * sandbox's consent page, and bring the redirect's query back to the callback route. The consent
 * page is reached through the app with the client's cookies, as a browser would: it acts only for
 * the signed-in user, in that user's own copy of the demo accounts (decision 015).
 */
export async function consentAtSandbox(
  _testApp: TestApp,
  client: HttpClient,
  input: {
    username: string;
    login: "instagram" | "facebook";
    decision?: "allow" | "cancel";
    switch?: boolean;
  },
): Promise<URLSearchParams> {
  const start = await client.post("/api/instagram/connect", {
    login: input.login,
    ...(input.switch ? { switch: true } : {}),
  });
  if (start.status !== 200) throw new Error(`connect: ${start.status} ${await start.text()}`);
  const { authorizeUrl } = (await start.json()) as { authorizeUrl: string };
  return consentAt(client, authorizeUrl, input);
}

/** Picks `username` on the consent page `authorizeUrl` names; the redirect's query. */
export async function consentAt(
  client: HttpClient,
  authorizeUrl: string,
  input: { username: string; decision?: "allow" | "cancel" },
): Promise<URLSearchParams> {
  const url = new URL(authorizeUrl);
  const page = await client.get(`${url.pathname}${url.search}`);
  if (page.status !== 200) throw new Error(`consent page: ${page.status} ${await page.text()}`);
  const { action, fields } = consentForm(await page.text(), input.username);
  if (input.decision === "cancel") fields.set("decision", "deny");
  const decision = await client.request(action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields.toString(),
  });
  const location = decision.headers.get("location");
  if (!location) throw new Error(`consent decision: ${decision.status} ${await decision.text()}`);
  return new URL(location).searchParams;
}

export async function connectSandboxAccount(
  testApp: TestApp,
  client: HttpClient,
  input: { username: string; login: "instagram" | "facebook"; switch?: boolean },
): Promise<InstagramConnection> {
  const query = await consentAtSandbox(testApp, client, input);
  const response = await client.post("/api/instagram/connect/callback", {
    login: input.login,
    code: query.get("code"),
    state: query.get("state"),
  });
  if (response.status !== 200) {
    throw new Error(`callback: ${response.status} ${await response.text()}`);
  }
  return ((await response.json()) as { connection: InstagramConnection }).connection;
}

/** A sandbox control call (`/sandbox/_control/…`), with the per-process token. */
export async function sandboxControl(
  testApp: TestApp,
  path: string,
  body?: unknown,
  method: "GET" | "POST" | "DELETE" = body === undefined ? "GET" : "POST",
) {
  const sandbox = testApp.sandbox!;
  const response = await sandbox.fetch(`${TEST_PUBLIC_URL}/sandbox/_control${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      "x-sandbox-control-token": sandbox.controlToken,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`sandbox control ${path}: ${response.status}`);
  return response.json() as Promise<unknown>;
}

/**
 * Until the faults are cleared, the sandbox answers every `content_publishing_limit` read with
 * the 24-hour limit reached (100 of 100), as Instagram does for an account that used it up.
 */
export function answerPublishingLimitReached(testApp: TestApp) {
  return sandboxControl(testApp, "/faults", {
    pathGlob: "*/content_publishing_limit",
    status: 200,
    body: JSON.stringify({
      data: [{ quota_usage: 100, config: { quota_total: 100, quota_duration: 86400 } }],
    }),
    headers: { "content-type": "application/json" },
    times: 0,
  });
}

/**
 * A comment webhook delivery as Meta sends it for `accountId`: complete (the text and who wrote
 * it, a visitor unless `from` is given) when `text` is given, partial (ids only) otherwise.
 */
export function commentWebhookBody(
  accountId: string,
  mediaId: string,
  comment: { id: string; text?: string; from?: { id: string; username: string } },
  timeSeconds = Math.floor(Date.now() / 1000),
): string {
  return JSON.stringify({
    object: "instagram",
    entry: [
      {
        id: accountId,
        time: timeSeconds,
        changes: [
          {
            field: "comments",
            value: {
              id: comment.id,
              media: { id: mediaId },
              ...(comment.text === undefined
                ? {}
                : {
                    text: comment.text,
                    from: comment.from ?? { id: "6345000000000777", username: "a.visitor" },
                  }),
            },
          },
        ],
      },
    ],
  });
}

/** The ids of the workspace's newest synced posts (carousel children left out), newest first. */
export async function newestPostIds(
  testApp: TestApp,
  workspaceId: string,
  limit: number,
): Promise<string[]> {
  const media = (await testApp.database.db.execute(
    `select ig_media_id from instagram_media where workspace_id = '${workspaceId}' and parent_ig_media_id is null order by posted_at desc limit ${limit}`,
  )) as unknown as { rows: Array<{ ig_media_id: string }> };
  return media.rows.map((row) => row.ig_media_id);
}
