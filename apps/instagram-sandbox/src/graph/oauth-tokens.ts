import type { GraphContext, SandboxCore } from "../core/context.ts";
import { DAY_MS, HOUR_MS } from "../core/time.ts";
import { readCode, readToken, type TokenClaims, type TokenKind } from "../core/tokens.ts";
import { graphError, missingParameter } from "../http/graph-fault.ts";
import { stringParam } from "../http/params.ts";

export const SHORT_LIVED_MS = HOUR_MS;
export const LONG_LIVED_MS = 60 * DAY_MS;

function tokenFromParams(ctx: GraphContext): string {
  const token = stringParam(ctx.params, "access_token") ?? ctx.rawToken;
  if (token === undefined || token === "") throw missingParameter("access_token");
  return token;
}

function rejectExpired(claims: TokenClaims, now: number): void {
  if (claims.expiresAt === undefined || claims.expiresAt > now) return;
  throw graphError(
    190,
    `Error validating access token: Session has expired at unix time ${Math.floor(claims.expiresAt / 1000)}.`,
    { subcode: 463 },
  );
}

/** The request's Instagram Login token; an unparsable, non-IG or expired one fails (190). */
function instagramTokenClaims(ctx: GraphContext): TokenClaims {
  const claims = readToken(ctx.core.options.appSecret, tokenFromParams(ctx));
  if (!claims?.kind.startsWith("ig"))
    throw graphError(190, "Invalid OAuth access token - Cannot parse access token");
  rejectExpired(claims, ctx.now);
  return claims;
}

/** Issues a `kind` token for the same subject and scopes, valid for `lifetimeMs` from `now`. */
export function issueTokenFor(
  core: SandboxCore,
  grant: { subject: string; scopes: string[] },
  kind: TokenKind,
  now: number,
  lifetimeMs: number,
): string {
  return core.issueToken({
    subject: grant.subject,
    kind,
    scopes: grant.scopes,
    issuedAt: now,
    expiresAt: now + lifetimeMs,
  });
}

/** A token endpoint's `{ access_token, token_type, expires_in }` for a freshly issued token. */
function tokenResponse(
  ctx: GraphContext,
  grant: { subject: string; scopes: string[] },
  kind: TokenKind,
  lifetimeMs: number,
): Record<string, unknown> {
  return {
    access_token: issueTokenFor(ctx.core, grant, kind, ctx.now, lifetimeMs),
    token_type: "bearer",
    expires_in: lifetimeMs / 1000,
  };
}

/** [IG] `GET /access_token?grant_type=ig_exchange_token` — short → 60-day token (§1.2 step 3). */
export function exchangeInstagramToken(ctx: GraphContext): Record<string, unknown> {
  const { core } = ctx;
  if (stringParam(ctx.params, "grant_type") !== "ig_exchange_token") {
    throw graphError(100, "(#100) Unsupported grant_type; expected ig_exchange_token");
  }
  // ig_exchange_token takes the Instagram app secret (§12.1).
  if (stringParam(ctx.params, "client_secret") !== core.options.instagramAppSecret) {
    throw graphError(100, "Error validating client secret.", { type: "OAuthException" });
  }
  const claims = instagramTokenClaims(ctx);
  if (claims.kind !== "ig_short")
    throw graphError(
      100,
      "(#100) Only short-lived tokens can be exchanged; refresh long-lived tokens instead",
    );
  return tokenResponse(ctx, claims, "ig_long", LONG_LIVED_MS);
}

/** [IG] `GET /refresh_access_token?grant_type=ig_refresh_token` — only once ≥ 24 h old (§1.2 step 4). */
export function refreshInstagramToken(ctx: GraphContext): Record<string, unknown> {
  const { core, now } = ctx;
  if (stringParam(ctx.params, "grant_type") !== "ig_refresh_token") {
    throw graphError(100, "(#100) Unsupported grant_type; expected ig_refresh_token");
  }
  const claims = instagramTokenClaims(ctx);
  const revokedAt = core.store.dyn.revokedBefore[claims.subject];
  if (revokedAt !== undefined && claims.issuedAt < revokedAt) {
    throw graphError(190, "Error validating access token: The session has been invalidated.", {
      subcode: 460,
    });
  }
  if (claims.kind !== "ig_long")
    throw graphError(100, "(#100) Only long-lived tokens can be refreshed");
  if (now - claims.issuedAt < DAY_MS) {
    throw graphError(100, "(#100) The access token must be at least 24 hours old to be refreshed");
  }
  if (!claims.scopes.includes("instagram_business_basic")) {
    throw graphError(
      10,
      "(#10) The instagram_business_basic permission is required to refresh the token",
    );
  }
  return {
    ...tokenResponse(ctx, claims, "ig_long", LONG_LIVED_MS),
    permissions: claims.scopes.join(","),
  };
}

/** [FB] `GET /oauth/access_token` — code exchange and `fb_exchange_token` (§1.3 steps 2–3). */
export function facebookAccessToken(ctx: GraphContext): Record<string, unknown> {
  const { core, now } = ctx;
  const clientId = stringParam(ctx.params, "client_id");
  if (clientId === undefined) throw missingParameter("client_id");
  if (clientId !== core.options.appId)
    throw graphError(101, "Error validating application. Invalid application ID.");
  if (stringParam(ctx.params, "client_secret") !== core.options.appSecret) {
    throw graphError(100, "Error validating client secret.");
  }
  if (stringParam(ctx.params, "grant_type") === "fb_exchange_token") {
    const claims = readToken(
      core.options.appSecret,
      stringParam(ctx.params, "fb_exchange_token") ?? "",
    );
    if (!claims || (claims.kind !== "fb_short" && claims.kind !== "fb_long")) {
      throw graphError(190, "Invalid OAuth access token - Cannot parse access token");
    }
    rejectExpired(claims, now);
    return tokenResponse(ctx, claims, "fb_long", LONG_LIVED_MS);
  }
  const code = stringParam(ctx.params, "code");
  if (code === undefined || code === "") throw missingParameter("code");
  const redirectUri = stringParam(ctx.params, "redirect_uri");
  if (redirectUri === undefined) throw missingParameter("redirect_uri");
  const claims = readCode(core.options.appSecret, code);
  if (claims?.family !== "facebook")
    throw graphError(100, "Invalid verification code format.", { subcode: 36008 });
  if (claims.expiresAt <= now)
    throw graphError(100, "This authorization code has expired.", { subcode: 36007 });
  if (core.store.dyn.usedCodes[claims.nonce] !== undefined) {
    throw graphError(100, "This authorization code has been used.", { subcode: 36009 });
  }
  if (claims.redirectUri !== redirectUri) {
    throw graphError(
      100,
      "Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request",
      { subcode: 36008 },
    );
  }
  core.store.dyn.usedCodes[claims.nonce] = claims.expiresAt;
  core.store.touch();
  return tokenResponse(ctx, claims, "fb_short", SHORT_LIVED_MS);
}
