import type { Context, Hono } from "hono";
import type { SandboxCore } from "../core/context.ts";
import { isKnownScope } from "../core/scopes.ts";
import { HOUR_MS } from "../core/time.ts";
import { issueCode, readCode, spaceOfCredential } from "../core/tokens.ts";
import { followersAt } from "../data/stats.ts";
import { issueTokenFor, SHORT_LIVED_MS } from "../graph/oauth-tokens.ts";
import { applyFault } from "../live/fault-response.ts";
import { renderConsentPage, renderErrorPage, renderSignInPage } from "./consent-page.ts";
import { collectParams, stringParam } from "./params.ts";

type Family = "instagram" | "facebook";

function parseScopes(raw: string | undefined): string[] {
  return (raw ?? "")
    .split(/[\s,]+/)
    .map((scope) => scope.trim())
    .filter(Boolean);
}

function withParams(
  uri: string,
  params: Record<string, string | undefined>,
  fragment?: string,
): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return `${url.toString()}${fragment ?? ""}`;
}

const defaultFacebookScopes = [
  "instagram_basic",
  "pages_show_list",
  "pages_read_engagement",
  "instagram_content_publish",
  "instagram_manage_comments",
  "instagram_manage_messages",
  "pages_manage_metadata",
  "instagram_manage_insights",
  "business_management",
];

type Validated =
  | {
      ok: true;
      clientId: string;
      redirectUri: string;
      scopes: string[];
      state: string | undefined;
      responseType: string;
    }
  | { ok: false; response: Response };

/** What the host tells the consent pages (decision 015). */
export type ConsentPolicy = {
  /** The signed-in user of the host (per-user spaces), or undefined = one shared world. */
  spaceOf: ((request: Request) => Promise<string | undefined> | string | undefined) | undefined;
  signInUrl: string;
  /** Whether a `redirect_uri` is one of the app's own callbacks (compared exactly). */
  allowsRedirect(uri: string): boolean;
  /** Called when someone allows access: control calls naming no space act there next. */
  onConsent(space: string | undefined): void;
};

function validate(
  core: SandboxCore,
  policy: ConsentPolicy,
  family: Family,
  params: Record<string, unknown>,
  c: Context,
): Validated {
  const fail = (title: string, message: string) => ({
    ok: false as const,
    response: c.html(renderErrorPage(family, title, message), 400),
  });
  const clientId = stringParam(params, "client_id");
  const redirectUri = stringParam(params, "redirect_uri");
  if (!clientId) return fail("Invalid request", "The client_id parameter is missing.");
  const validId = family === "instagram" ? core.options.instagramAppId : core.options.appId;
  // Instagram Login takes the Instagram app id only; Meta's own id there is a known mistake.
  if (family === "instagram" && clientId === core.options.appId)
    return fail("Invalid platform app", "Invalid platform app");
  if (clientId !== validId)
    return fail("Invalid App ID", "The provided app ID does not look like a valid app ID.");
  if (!redirectUri) return fail("Invalid request", "The redirect_uri parameter is missing.");
  try {
    const url = new URL(redirectUri);
    if (!["http:", "https:"].includes(url.protocol)) throw new Error("scheme");
  } catch {
    return fail("URL blocked", "The redirect_uri is not a valid absolute URL.");
  }
  // Only the app's own callbacks, compared exactly, as Meta's strict mode does: a code (or
  // anything else) is never sent to an address someone put in the link.
  if (!policy.allowsRedirect(redirectUri)) {
    return fail(
      "URL blocked",
      "This redirect failed because the redirect URI is not on the app's list of valid OAuth redirect URIs.",
    );
  }
  // The code flow only: the implicit flow (a token in the redirect's fragment) is refused.
  const responseType = stringParam(params, "response_type") ?? "code";
  if (responseType !== "code") {
    return fail("Invalid request", `Unsupported response_type "${responseType}".`);
  }
  let scopes = parseScopes(stringParam(params, "scope"));
  if (family === "instagram" && scopes.length === 0)
    return fail("Invalid request", "The scope parameter is missing.");
  if (family === "facebook" && scopes.length === 0) {
    // Facebook Login for Business may send config_id instead of scope (§1.3).
    if (!stringParam(params, "config_id"))
      return fail("Invalid request", "Either scope or config_id is required.");
    scopes = defaultFacebookScopes;
  }
  const invalid = scopes.filter((scope) => !isKnownScope(scope, family));
  if (invalid.length > 0) {
    return fail(
      "Invalid Scopes",
      `Invalid Scopes: ${invalid.join(", ")}. This message is only shown to developers.`,
    );
  }
  return {
    ok: true,
    clientId,
    redirectUri,
    scopes: [...new Set(scopes)],
    state: stringParam(params, "state"),
    responseType,
  };
}

/**
 * Whose copy of the demo world a consent request acts in: with per-user spaces the host's
 * signed-in user (a signed-out request gets the sign-in page), else the shared world.
 */
async function consentSpace(
  core: SandboxCore,
  policy: ConsentPolicy,
  family: Family,
  c: Context,
): Promise<{ core: SandboxCore; space: string | undefined } | Response> {
  if (!policy.spaceOf) return { core, space: undefined };
  let space: string | undefined;
  try {
    space = await policy.spaceOf(c.req.raw);
  } catch {
    space = undefined;
  }
  if (space === undefined) return c.html(renderSignInPage(family, policy.signInUrl), 401);
  return { core: core.inSpace(space), space };
}

/** A consent decision must come from the consent page itself, never from another site's form. */
function crossSite(core: SandboxCore, c: Context): boolean {
  const origin = c.req.header("origin");
  return (
    (origin !== undefined && origin !== core.options.publicOrigin) ||
    c.req.header("sec-fetch-site") === "cross-site"
  );
}

function consentPage(base: SandboxCore, policy: ConsentPolicy, family: Family) {
  return async (c: Context) => {
    const resolved = await consentSpace(base, policy, family, c);
    if (resolved instanceof Response) return resolved;
    const { core } = resolved;
    const params = await collectParams(c.req);
    const checked = validate(core, policy, family, params, c);
    if (!checked.ok) return checked.response;
    const now = core.now();
    const hidden: Record<string, string> = {
      client_id: checked.clientId,
      redirect_uri: checked.redirectUri,
      scope: checked.scopes.join(","),
      response_type: checked.responseType,
      ...(checked.state !== undefined ? { state: checked.state } : {}),
    };
    const action = new URL(c.req.url).pathname;
    return c.html(
      renderConsentPage({
        family,
        action,
        hidden,
        scopes: checked.scopes,
        accounts: core.store.accounts.map((account) => ({
          account,
          followers: followersAt(account, core.store.dyn.anchorDay, now),
        })),
      }),
    );
  };
}

function consentDecision(base: SandboxCore, policy: ConsentPolicy, family: Family) {
  return async (c: Context) => {
    if (crossSite(base, c)) {
      return c.html(
        renderErrorPage(family, "Invalid request", "The consent form was sent from another site."),
        403,
      );
    }
    const resolved = await consentSpace(base, policy, family, c);
    if (resolved instanceof Response) return resolved;
    const { core, space } = resolved;
    const params = await collectParams(c.req);
    const checked = validate(core, policy, family, params, c);
    if (!checked.ok) return checked.response;
    const decision = stringParam(params, "decision");
    if (decision !== "allow") {
      return c.redirect(
        withParams(checked.redirectUri, {
          error: "access_denied",
          error_reason: "user_denied",
          error_description: "The user denied your request",
          state: checked.state,
        }),
        302,
      );
    }
    const account = core.store.accountById.get(stringParam(params, "account") ?? "");
    if (!account)
      return c.html(
        renderErrorPage(family, "Unknown account", "Pick one of the listed accounts."),
        400,
      );
    const now = core.now();
    const subject = family === "instagram" ? account.igUserId : account.fbUserId;
    policy.onConsent(space);
    const code = issueCode(core.options.appSecret, {
      family,
      subject,
      scopes: checked.scopes,
      clientId: checked.clientId,
      redirectUri: checked.redirectUri,
      expiresAt: now + HOUR_MS,
      nonce: core.newId("9", 12),
      ...(space !== undefined ? { space } : {}),
    });
    // §1.2: Instagram appends `#_`, Facebook `#_=_`.
    return c.redirect(
      withParams(
        checked.redirectUri,
        { code, state: checked.state },
        family === "instagram" ? "#_" : "#_=_",
      ),
      302,
    );
  };
}

function legacyError(c: Context, message: string): Response {
  return c.json({ error_type: "OAuthException", code: 400, error_message: message }, 400);
}

/** `POST api.instagram.com/oauth/access_token` — code → short-lived token, legacy errors (§1.2). */
function instagramCodeExchange(base: SandboxCore) {
  return async (c: Context) => {
    const fault = await applyFault(base, {
      host: "api.instagram.com",
      path: "/oauth/access_token",
      method: c.req.method,
      signal: c.req.raw.signal,
      shape: "legacy-oauth",
    });
    if (fault instanceof Response) return fault;
    if (c.req.method !== "POST") return legacyError(c, "Unsupported method; use POST");
    const params = await collectParams(c.req);
    // A code names the space it was given in: exchanged there, and only there.
    const core = base.inSpace(
      spaceOfCredential(base.options.appSecret, stringParam(params, "code")),
    );
    const clientId = stringParam(params, "client_id");
    const clientSecret = stringParam(params, "client_secret");
    const grantType = stringParam(params, "grant_type");
    const redirectUri = stringParam(params, "redirect_uri");
    const code = stringParam(params, "code");
    for (const [name, value] of Object.entries({
      client_id: clientId,
      client_secret: clientSecret,
      grant_type: grantType,
      redirect_uri: redirectUri,
      code,
    })) {
      if (!value) return legacyError(c, `You must provide a ${name}`);
    }
    if (clientId !== core.options.instagramAppId) return legacyError(c, "Invalid platform app");
    // Instagram Login takes the Instagram app secret, never the Meta app secret (§12.1).
    if (clientSecret !== core.options.instagramAppSecret)
      return legacyError(c, "Error validating client secret.");
    if (grantType !== "authorization_code") return legacyError(c, "Unsupported grant_type");
    const now = core.now();
    const claims = readCode(core.options.appSecret, (code ?? "").replace(/#.*$/, ""));
    if (
      claims?.family !== "instagram" ||
      claims.space !== core.space ||
      claims.expiresAt <= now ||
      core.store.dyn.usedCodes[claims.nonce] !== undefined
    ) {
      return legacyError(c, "Matching code was not found or was already used");
    }
    if (claims.redirectUri !== redirectUri) {
      return legacyError(
        c,
        "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
      );
    }
    core.store.dyn.usedCodes[claims.nonce] = claims.expiresAt;
    // Used codes only matter until they expire; drop stale ones so the state file stays small.
    for (const [nonce, expiresAt] of Object.entries(core.store.dyn.usedCodes)) {
      if (expiresAt < now) delete core.store.dyn.usedCodes[nonce];
    }
    core.store.touch();
    const token = issueTokenFor(core, claims, "ig_short", now, SHORT_LIVED_MS);
    // §12.2: the exchange's user_id is the app-scoped id, not the professional account id
    // (which only /me?fields=user_id gives), so code that stores it as the account id fails here.
    const scopedId = core.store.accountById.get(claims.subject)?.appScopedId ?? claims.subject;
    const flat = { access_token: token, user_id: "__USER_ID__", permissions: claims.scopes };
    const body =
      core.options.igCodeExchangeShape === "wrapped"
        ? JSON.stringify({
            data: [{ ...flat, user_id: scopedId, permissions: claims.scopes.join(",") }],
          })
        : // Meta sends user_id as a bare (17-digit, precision-losing) number; JSON.stringify cannot.
          JSON.stringify(flat).replace('"__USER_ID__"', scopedId);
    return c.body(body, 200, { "content-type": "application/json" });
  };
}

export function registerOAuthRoutes(app: Hono, core: SandboxCore, policy: ConsentPolicy): void {
  for (const path of ["/www.instagram.com/oauth/authorize", "/api.instagram.com/oauth/authorize"]) {
    app.get(path, consentPage(core, policy, "instagram"));
    app.post(path, consentDecision(core, policy, "instagram"));
  }
  app.get("/www.facebook.com/:version/dialog/oauth", consentPage(core, policy, "facebook"));
  app.post("/www.facebook.com/:version/dialog/oauth", consentDecision(core, policy, "facebook"));
  app.get("/www.facebook.com/dialog/oauth", consentPage(core, policy, "facebook"));
  app.post("/www.facebook.com/dialog/oauth", consentDecision(core, policy, "facebook"));
  app.all("/api.instagram.com/oauth/access_token", instagramCodeExchange(core));
}
