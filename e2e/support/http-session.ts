import { E2E_PASSWORD, latestLinkFor } from "./accounts.ts";
import type { PreparedAccount } from "./server.ts";

/**
 * `fetch`, once more for a read whose kept-alive socket the server closed under it: while a sync
 * holds the server's event loop for seconds, its keep-alive timer can fire just as the next poll
 * goes out (ECONNRESET). A browser retries such a request by itself; undici does not.
 */
async function fetchRetryingReads(url: string, init: RequestInit): Promise<Response> {
  const method = init.method ?? "GET";
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      const cause = String((error as Error).cause);
      if (method !== "GET" || attempt === 3) {
        throw new Error(`${method} ${url}: ${(error as Error).message} (${cause})`);
      }
    }
  }
}

/**
 * A person's visit to a running server without a browser: a cookie jar, the server's Origin and
 * manual redirects. For preparing accounts (global-setup.ts) where a browser would only cost
 * time: the browser tests themselves still sign in and click through the pages they test.
 */
export function httpSession(serverUrl: string) {
  const cookies = new Map<string, string>();

  async function request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("origin", serverUrl);
    if (cookies.size > 0) {
      headers.set("cookie", [...cookies].map(([name, value]) => `${name}=${value}`).join("; "));
    }
    const url = path.startsWith("http") ? path : `${serverUrl}${path}`;
    const response = await fetchRetryingReads(url, { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (!value || /max-age=0/i.test(cookie)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  }

  /** GET `path` and every redirect after it that stays on this server; the last response. */
  async function follow(path: string): Promise<Response> {
    let response = await request(path);
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) return response;
      const next = new URL(location, serverUrl);
      if (next.origin !== new URL(serverUrl).origin) return response;
      response = await request(`${next.pathname}${next.search}`);
    }
    throw new Error(`too many redirects from ${path}`);
  }

  const postJson = (path: string, body: unknown) =>
    request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  /** The jar as the browser tests' contexts take it (`context.addCookies`). */
  function browserCookies(): PreparedAccount["cookies"] {
    const { hostname } = new URL(serverUrl);
    return [...cookies].map(([name, value]) => ({
      name,
      value,
      domain: hostname,
      path: "/",
      expires: -1,
      httpOnly: true,
      secure: false,
      sameSite: "Lax" as const,
    }));
  }

  return { request, follow, postJson, browserCookies, cookies };
}

/** Signs a new account up and opens its verification link, as a person does; signed in after. */
export async function signUpOverHttp(serverUrl: string, prefix: string) {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const session = httpSession(serverUrl);
  const signUp = await session.postJson("/api/auth/sign-up/email", {
    email,
    password: E2E_PASSWORD,
    name: "x",
    firstName: "Lena",
    lastName: "Park",
    callbackURL: "/auth/callback",
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const link = new URL(await latestLinkFor(serverUrl, email));
  await session.follow(`${link.pathname}${link.search}`);
  const me = await session.request("/api/auth/get-session");
  const body = (await me.json().catch(() => null)) as { user?: { email: string } } | null;
  if (body?.user?.email !== email) throw new Error(`${email}: not signed in after verifying`);
  return { email, session };
}

/** The sandbox consent page's form for `@username`: where it posts and its hidden fields. */
function consentForm(html: string, username: string) {
  const forms = html.match(/<form class="account"[\s\S]*?<\/form>/g) ?? [];
  const form = forms.find((candidate) => candidate.includes(`@${username}<`));
  if (!form) throw new Error(`@${username} is not on the consent page`);
  const decode = (text: string) =>
    text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const fields = new URLSearchParams();
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields.set(decode(match[1] ?? ""), decode(match[2] ?? ""));
  }
  return { action: decode(/action="([^"]+)"/.exec(form)?.[1] ?? ""), fields };
}

/**
 * Connects `@username` through Instagram Login as the Settings page's button does: the app names
 * the sandbox's authorize page, the person picks the account there, and the redirect's code and
 * state go to the app's callback. Then waits for the first sync (a job) to end.
 */
export async function connectOverHttp(
  serverUrl: string,
  session: ReturnType<typeof httpSession>,
  username: string,
  timeoutMs: number,
) {
  const start = await session.postJson("/api/instagram/connect", { login: "instagram" });
  if (!start.ok) throw new Error(`connect: ${start.status} ${await start.text()}`);
  const { authorizeUrl } = (await start.json()) as { authorizeUrl: string };
  const authorize = new URL(authorizeUrl, serverUrl);
  const page = await session.request(`${authorize.pathname}${authorize.search}`);
  if (!page.ok) throw new Error(`consent page: ${page.status}`);
  const { action, fields } = consentForm(await page.text(), username);
  const decision = await session.request(action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: fields.toString(),
  });
  const location = decision.headers.get("location");
  if (!location) throw new Error(`consent decision: ${decision.status}`);
  const query = new URL(location, serverUrl).searchParams;
  const callback = await session.postJson("/api/instagram/connect/callback", {
    login: "instagram",
    code: query.get("code"),
    state: query.get("state"),
  });
  if (!callback.ok) throw new Error(`callback: ${callback.status} ${await callback.text()}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await session.request("/api/instagram/connection");
    const body = (await response.json()) as {
      connection: { last_synced_at: string | null } | null;
    };
    if (body.connection?.last_synced_at) return;
    if (Date.now() > deadline) throw new Error(`@${username}: the first sync did not end`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
