import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SafeFetchTransport } from "./lib/safe-fetch.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "./testing/create-test-app.ts";
import { createVerifiedUser, mailboxFor } from "./testing/factories.ts";
import type { HttpClient } from "./testing/http-client.ts";
import { connectSandboxAccount, sandboxControl } from "./testing/instagram.ts";

/*
 * Issue 25's high finding, attack by attack (decision 015): the sandbox must not hand anyone a
 * token, must not fetch internal addresses for whoever holds one, and each Sightline user works on
 * a private copy of the demo accounts that nobody else can read or change.
 */

/** A "private network" service on this machine: counts every request it gets. */
type Internal = { server: Server; port: number; hits: string[] };

async function listen(
  handler: (request: IncomingMessage) => {
    status: number;
    headers?: Record<string, string>;
    body?: string | Uint8Array;
  },
): Promise<Internal> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? "");
    const answer = handler(request);
    response.writeHead(answer.status, answer.headers ?? {});
    response.end(answer.body ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

let testApp: TestApp;
let internal: Internal;
let redirector: Internal;
let jpeg: Uint8Array;
/** What the "public" host media.example (through the safe fetch's stand-in network) was asked. */
const publicRequests: string[] = [];

beforeAll(async () => {
  internal = await listen((request) =>
    request.url?.startsWith("/admin")
      ? { status: 200, headers: { "content-type": "text/html" }, body: "<html>admin</html>" }
      : { status: 200, headers: { "content-type": "image/jpeg" }, body: jpeg },
  );
  redirector = await listen(() => ({
    status: 302,
    headers: { location: `http://127.0.0.1:${internal.port}/latest/meta-data` },
  }));
  const transport: SafeFetchTransport = async ({ url }) => {
    publicRequests.push(url.href);
    if (url.pathname === "/photo.jpg") {
      return new Response(jpeg, { status: 200, headers: { "content-type": "image/jpeg" } });
    }
    // A public host that redirects to an internal address.
    return new Response(null, {
      status: 302,
      headers: { location: `http://127.0.0.1:${internal.port}/latest/meta-data` },
    });
  };
  testApp = await createTestApp({
    outboundFetch: {
      // media.example is a public host; every other name resolves to this machine.
      lookup: async (hostname) => [
        hostname === "media.example"
          ? { address: "93.184.216.34", family: 4 }
          : { address: "127.0.0.1", family: 4 },
      ],
      transport,
    },
  });
  jpeg = new Uint8Array(
    await (
      await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg?w=1080&h=1080`)
    ).arrayBuffer(),
  );
});

afterAll(async () => {
  await testApp?.close();
  internal?.server.close();
  redirector?.server.close();
});

const instagramDialog = "/sandbox/www.instagram.com/oauth/authorize";
const facebookDialog = "/sandbox/www.facebook.com/v23.0/dialog/oauth";

function consentFields(
  login: "instagram" | "facebook",
  overrides: Record<string, string> = {},
): URLSearchParams {
  const lena = testApp.sandbox!.accounts("default").find((a) => a.username === "lena.makes")!;
  return new URLSearchParams({
    client_id: login === "instagram" ? testApp.instagram.instagramAppId! : testApp.instagram.appId,
    redirect_uri:
      login === "instagram"
        ? `${TEST_PUBLIC_URL}/auth/instagram/callback`
        : `${TEST_PUBLIC_URL}/facebook-callback`,
    scope: login === "instagram" ? "instagram_business_basic" : "instagram_basic,pages_show_list",
    response_type: "code",
    state: "attacker-state",
    decision: "allow",
    account: lena.igUserId,
    ...overrides,
  });
}

async function postConsent(
  send: (path: string, init: RequestInit) => Promise<Response>,
  login: "instagram" | "facebook",
  overrides: Record<string, string> = {},
) {
  return send(login === "instagram" ? instagramDialog : facebookDialog, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: TEST_PUBLIC_URL,
    },
    body: consentFields(login, overrides).toString(),
    redirect: "manual",
  });
}

const anonymous = async (path: string, init: RequestInit) =>
  testApp.app.request(`${TEST_PUBLIC_URL}${path}`, init);
const signedIn = (client: HttpClient) => (path: string, init: RequestInit) =>
  client.request(path, init);

/** The id of @lena.makes in the signed-in user's own copy, read off their consent page. */
async function ownLenaId(client: HttpClient): Promise<string> {
  const page = await client.get(`${facebookDialog}?${consentFields("facebook").toString()}`);
  const forms = (await page.text()).match(/<form class="account"[\s\S]*?<\/form>/g) ?? [];
  const lena = forms.find((form) => form.includes("@lena.makes<"))!;
  return /name="account" value="(\d+)"/.exec(lena)![1]!;
}

describe("the consent pages act only for the signed-in Sightline user", () => {
  it("a POST without a Sightline session mints no code and no token", async () => {
    for (const login of ["instagram", "facebook"] as const) {
      const response = await postConsent(anonymous, login);
      expect(response.status).toBe(401);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain("Sign in first");
      const implicit = await postConsent(anonymous, login, { response_type: "token" });
      expect(implicit.headers.get("location")).toBeNull();
    }
    const page = await anonymous(`${facebookDialog}?${consentFields("facebook").toString()}`, {});
    expect(page.status).toBe(401);
    expect(await page.text()).not.toContain("Continue as @");
  });

  it("redirects only to this app's own callbacks", async () => {
    const { client } = await createVerifiedUser(testApp);
    const account = await ownLenaId(client);
    for (const foreign of [
      "https://attacker.example/callback",
      `${TEST_PUBLIC_URL}/auth/instagram/callback/../../api/me`,
      `${TEST_PUBLIC_URL}.attacker.example/auth/instagram/callback`,
      `${TEST_PUBLIC_URL}/auth/instagram/callback?next=https://attacker.example`,
    ]) {
      for (const login of ["instagram", "facebook"] as const) {
        const response = await postConsent(signedIn(client), login, {
          redirect_uri: foreign,
          account,
        });
        expect(response.status, foreign).toBe(400);
        expect(response.headers.get("location")).toBeNull();
        expect(await response.text()).toContain("URL blocked");
        const query = consentFields(login, { redirect_uri: foreign }).toString();
        const page = await client.get(
          `${login === "instagram" ? instagramDialog : facebookDialog}?${query}`,
        );
        expect(page.status).toBe(400);
      }
    }
    // The app's own callback still works for the signed-in user (on the account of their copy).
    const own = await postConsent(signedIn(client), "facebook", { account });
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toMatch(
      new RegExp(`^${TEST_PUBLIC_URL}/facebook-callback\\?code=`),
    );
  });

  it("takes the code flow only: no implicit flow with a token in the fragment", async () => {
    const { client } = await createVerifiedUser(testApp);
    const account = await ownLenaId(client);
    for (const login of ["instagram", "facebook"] as const) {
      const response = await postConsent(signedIn(client), login, {
        response_type: "token",
        account,
      });
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain("Unsupported response_type");
    }
  });

  it("refuses a consent form sent from another site", async () => {
    const { client } = await createVerifiedUser(testApp);
    const response = await client.request(facebookDialog, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "cross-site",
      },
      body: consentFields("facebook", { account: await ownLenaId(client) }).toString(),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("location")).toBeNull();
  });
});

describe("the sandbox fetches media only from this server's storage or through safe-fetch", () => {
  type GraphError = { error: { code: number; error_subcode?: number; message: string } };

  /** POST /{ig-user-id}/media with an image_url; the error with the URL taken out of it. */
  async function createImageContainer(imageUrl: string) {
    const lena = testApp.sandbox!.accounts().find((account) => account.username === "lena.makes")!;
    const token = testApp.sandbox!.issueToken({ username: "lena.makes", login: "instagram" });
    const response = await testApp.sandbox!.fetch(
      `${TEST_PUBLIC_URL}/sandbox/graph.instagram.com/v23.0/${lena.igUserId}/media`,
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ image_url: imageUrl }),
      },
    );
    const body = (await response.json()) as GraphError & { id?: string };
    const { fbtrace_id: _trace, ...error } = (body.error ?? {}) as Record<string, unknown>;
    return {
      status: response.status,
      id: body.id,
      error: JSON.parse(JSON.stringify(error).replaceAll(imageUrl, "<url>")) as unknown,
    };
  }

  it("never reaches an internal address, directly or through a redirect, and answers every refusal alike", async () => {
    const attempts = [
      `http://127.0.0.1:${internal.port}/photo.jpg`,
      `http://127.0.0.1:${internal.port}/admin`,
      `http://localhost:${internal.port}/photo.jpg`,
      `http://localhost:${redirector.port}/go`,
      "http://169.254.169.254/latest/meta-data",
      // A closed port on this machine.
      "http://127.0.0.1:9/photo.jpg",
      // A public host whose answer redirects to an internal address.
      "https://media.example/redirect",
      // This server, but not a signed storage URL.
      `${TEST_PUBLIC_URL}/api/me`,
      `${TEST_PUBLIC_URL}/sandbox/_control/state`,
    ];
    const answers = [];
    for (const url of attempts) answers.push(await createImageContainer(url));
    expect(internal.hits).toEqual([]);
    expect(redirector.hits).toEqual([]);
    expect(publicRequests).toContain("https://media.example/redirect");
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.id).toBeUndefined();
      // Refused, unreachable, redirected, an HTML page or a picture: the same words every time.
      expect(answer.error).toEqual(answers[0]!.error);
    }
    expect(answers[0]!.error).toMatchObject({ code: 9004, error_subcode: 2207052 });
  });

  it("still fetches a public URL through safe-fetch and this server's own signed storage", async () => {
    const viaSafeFetch = await createImageContainer("https://media.example/photo.jpg");
    expect(viaSafeFetch.status).toBe(200);
    expect(viaSafeFetch.id).toBeTruthy();
    const { client } = await createVerifiedUser(testApp);
    const upload = await client.request("/api/uploads/instagram-media", {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: jpeg,
    });
    expect(upload.status).toBe(201);
    const { url } = (await upload.json()) as { url: string };
    const fromStorage = await createImageContainer(url);
    expect(fromStorage.status).toBe(200);
    // The same file without its signature is refused like any other address.
    const unsigned = await createImageContainer(url.replace(/\?.*$/, ""));
    expect(unsigned.status).toBe(400);
    expect(internal.hits).toEqual([]);
  });
});

describe("each Sightline user works on a private copy of the demo accounts", () => {
  it("user B never sees the DMs user A sent through the demo account", async () => {
    const a = await createVerifiedUser(testApp);
    const aConnection = await connectSandboxAccount(testApp, a.client, {
      username: "lena.makes",
      login: "instagram",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    await sandboxControl(testApp, "/simulate/message", {
      username: "lena.makes",
      text: "Is the speckled mug back in stock?",
    });
    await testApp.sandbox!.idle();
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const open = (await testApp.database.db.execute(
      `select conversation_id as id from instagram_messages where workspace_id = '${aConnection.workspace_id}'
       and text = 'Is the speckled mug back in stock?'`,
    )) as unknown as { rows: Array<{ id: string }> };
    const marker = `A private reply ${Date.now()}`;
    const sent = await a.client.post(
      `/api/inbox/conversations/${encodeURIComponent(open.rows[0]!.id)}/messages`,
      { text: marker, client_id: crypto.randomUUID() },
    );
    expect(sent.status).toBe(201);
    await testApp.sandbox!.idle();

    const b = await createVerifiedUser(testApp);
    const bConnection = await connectSandboxAccount(testApp, b.client, {
      username: "lena.makes",
      login: "instagram",
    });
    await testApp.sandbox!.idle();
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const found = (await testApp.database.db.execute(
      `select workspace_id from instagram_messages where text = '${marker}'`,
    )) as unknown as { rows: Array<{ workspace_id: string }> };
    expect(found.rows.map((row) => row.workspace_id)).toEqual([aConnection.workspace_id]);
    // B's copy of @lena.makes is another account at Instagram's end, so nothing of A's is routed to B.
    expect(bConnection.instagram_id).not.toBe(aConnection.instagram_id);
    const search = (await (
      await b.client.get(`/api/inbox/conversations?q=${encodeURIComponent(marker)}`)
    ).json()) as { items: unknown[] };
    expect(search.items).toEqual([]);
    // At the sandbox itself: B's copy has no such message, A's has.
    const texts = async (space: string, igUserId: string) => {
      const account = testApp.graph.account({
        login: "instagram",
        accessToken: testApp.sandbox!.issueToken({
          username: "lena.makes",
          login: "instagram",
          space,
        }),
        igUserId,
      });
      const all: string[] = [];
      for (const thread of (await account.listConversations({ limit: 50 })).data) {
        const { messages } = await account.listMessages(thread.id);
        all.push(...messages.map((message) => message.message ?? ""));
      }
      return all;
    };
    expect(await texts(bConnection.user_id, bConnection.instagram_id)).not.toContain(marker);
    expect(await texts(aConnection.user_id, aConnection.instagram_id)).toContain(marker);
    // A token of B's copy cannot read A's conversation at all.
    const bToken = testApp.sandbox!.issueToken({
      username: "lena.makes",
      login: "instagram",
      space: bConnection.user_id,
    });
    const peek = await testApp.sandbox!.fetch(
      `${TEST_PUBLIC_URL}/sandbox/graph.instagram.com/v23.0/${encodeURIComponent(open.rows[0]!.id)}?fields=messages&access_token=${bToken}`,
    );
    expect(peek.status).toBe(400);
  }, 300_000);

  it("user B revoking the app's permissions leaves user A connected and un-mailed", async () => {
    const a = await createVerifiedUser(testApp);
    const aConnection = await connectSandboxAccount(testApp, a.client, {
      username: "northfield.coffee",
      login: "facebook",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const aToken = testApp.sandbox!.issueToken({
      username: "northfield.coffee",
      login: "facebook",
      kind: "page",
      space: aConnection.user_id,
    });
    const b = await createVerifiedUser(testApp);
    const bConnection = await connectSandboxAccount(testApp, b.client, {
      username: "northfield.coffee",
      login: "facebook",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });

    // B removes the app at "Meta" directly (DELETE /me/permissions with B's own user token)…
    const bUserToken = testApp.sandbox!.issueToken({
      username: "northfield.coffee",
      login: "facebook",
      space: bConnection.user_id,
    });
    const revoke = await testApp.sandbox!.fetch(
      `${TEST_PUBLIC_URL}/sandbox/graph.facebook.com/v23.0/me/permissions?access_token=${bUserToken}`,
      { method: "DELETE" },
    );
    expect(revoke.status).toBe(200);
    // …and disconnects in Sightline, which revokes once more.
    const disconnect = await b.client.request("/api/instagram/connection", {
      method: "DELETE",
      json: { keepPublishedHistory: false },
    });
    expect(disconnect.status).toBe(200);

    // A's token (issued before) still works, and A's next sync leaves A connected.
    const page = await testApp.sandbox!.fetch(
      `${TEST_PUBLIC_URL}/sandbox/graph.facebook.com/v23.0/${aConnection.instagram_id}?fields=username&access_token=${aToken}`,
    );
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ username: "northfield.coffee" });
    expect((await a.client.post("/api/instagram/sync")).status).toBeLessThan(300);
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const refreshed = await a.client.post("/api/functions/instagram-refresh-profile");
    expect(((await refreshed.json()) as { connection: unknown }).connection).not.toBeNull();
    const connection = (await (await a.client.get("/api/instagram/connection")).json()) as {
      connection: { status: string };
    };
    expect(connection.connection.status).toBe("active");
    const mail = await mailboxFor(a.client, a.email);
    expect(mail.map((message) => message.subject).join("\n")).not.toMatch(/reconnect/i);
  }, 300_000);

  it("control calls act on the space they name", async () => {
    const a = await createVerifiedUser(testApp);
    const aConnection = await connectSandboxAccount(testApp, a.client, {
      username: "oona.bakes",
      login: "instagram",
    });
    const b = await createVerifiedUser(testApp);
    const bConnection = await connectSandboxAccount(testApp, b.client, {
      username: "oona.bakes",
      login: "instagram",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const marker = `for A only ${Date.now()}`;
    const response = await testApp.sandbox!.fetch(
      `${TEST_PUBLIC_URL}/sandbox/_control/simulate/message`,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-sandbox-control-token": testApp.sandbox!.controlToken,
          "x-sandbox-space": aConnection.user_id,
        },
        body: JSON.stringify({ username: "oona.bakes", text: marker }),
      },
    );
    expect(response.status).toBe(201);
    await testApp.sandbox!.idle();
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const found = (await testApp.database.db.execute(
      `select workspace_id from instagram_messages where text = '${marker}'`,
    )) as unknown as { rows: Array<{ workspace_id: string }> };
    expect(found.rows.map((row) => row.workspace_id)).toEqual([aConnection.workspace_id]);
    expect(found.rows.map((row) => row.workspace_id)).not.toContain(bConnection.workspace_id);
    // A space that is not a plain id is refused.
    const bad = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/_control/state`, {
      headers: {
        "x-sandbox-control-token": testApp.sandbox!.controlToken,
        "x-sandbox-space": "../../etc",
      },
    });
    expect(bad.status).toBe(400);
  }, 300_000);
});
