import {
  ACCESS_TOKEN_PREFIX,
  type AccessTokenScope,
  accessTokenScopes,
  effectivePlan,
  type PlanId,
  PUBLIC_API_RATE_LIMIT,
  roleAllowsScope,
  roleLabels,
  type WorkspaceRole,
} from "@sightline/contracts";
import {
  countAccessTokenRequest,
  type Db,
  findAccessTokenByHash,
  insertApiRequest,
} from "@sightline/db";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { sha256Hex } from "../../lib/hash.ts";
import { withRouteDoc } from "../../lib/route-docs.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import { RateLimitedError } from "../../platform/limits/user-limits.ts";
import { can as planCan, planRequired } from "../plans/index.ts";
import { sameHash } from "./tokens.ts";

/** The token a /api/v1 request was made with, once it is known to be good. */
export type ApiToken = {
  id: string;
  workspaceId: string;
  userId: string;
  /** The member's e-mail address (the audit log's actor; null if the account is gone). */
  userEmail: string | null;
  role: WorkspaceRole;
  scopes: AccessTokenScope[];
  plan: PlanId;
};

export type TokenEnv = AppEnv & {
  Variables: {
    apiToken: ApiToken;
    /** The token the request presented, as soon as it is found (before it is checked). */
    presentedToken?: { id: string; workspaceId: string };
  };
};

export type PublicApiDeps = {
  db: Db;
  now: Clock;
  /** The client's address as the app resolves it (TRUST_PROXY), for the request log. */
  clientIp: (c: Context) => string;
  /** Requests per window and token (PUBLIC_API_RATE_LIMIT; tests lower it). */
  rateLimit?: { max: number; windowSeconds: number };
};

const bearer = /^Bearer\s+(\S+)\s*$/i;

function unauthorized(message: string) {
  return new AppError("unauthorized", message);
}

/**
 * Writes one row per request made with a known token, whatever the answer (401 for a revoked
 * one, 429, 403, 404, 2xx), after the answer is made. Outermost, so it sees every answer.
 */
export function auditApiRequests(deps: PublicApiDeps) {
  return createMiddleware<TokenEnv>(async (c, next) => {
    await next();
    const token = c.get("presentedToken");
    if (!token) return;
    try {
      await insertApiRequest(deps.db, token.workspaceId, {
        tokenId: token.id,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ip: deps.clientIp(c),
        createdAt: dateOf(deps.now),
      });
    } catch (error) {
      c.var.logger.warn({ err: error }, "API request not recorded");
    }
  });
}

/**
 * /api/v1's only credential: `Authorization: Bearer slpat_…` (cookies and session tokens are
 * never read here). Unknown, revoked or expired tokens and tokens of members who left: 401.
 * Then the token's rate limit (RateLimit-* headers on every answer; 429 with Retry-After past
 * it), then the workspace's plan (403 `plan_required` without the public API).
 */
export function authenticateToken(deps: PublicApiDeps) {
  const limit = deps.rateLimit ?? PUBLIC_API_RATE_LIMIT;
  const middleware = createMiddleware<TokenEnv>(async (c, next) => {
    const presented = bearer.exec(c.req.header("authorization") ?? "")?.[1];
    if (!presented?.startsWith(ACCESS_TOKEN_PREFIX)) {
      throw unauthorized(
        `Send a personal access token as "Authorization: Bearer ${ACCESS_TOKEN_PREFIX}…" (Settings → Developers).`,
      );
    }
    const hash = sha256Hex(presented);
    const row = await findAccessTokenByHash(deps.db, hash);
    // Found by its hash; compared again in constant time all the same.
    if (!row || !sameHash(row.tokenHash, hash)) throw unauthorized("This token is not valid.");
    c.set("presentedToken", { id: row.id, workspaceId: row.workspaceId });
    const now = dateOf(deps.now);
    if (row.revokedAt) throw unauthorized("This token was revoked.");
    if (row.expiresAt && row.expiresAt <= now) throw unauthorized("This token has expired.");
    if (!row.role) throw unauthorized("This token's member is no longer in the workspace.");

    const counted = await countAccessTokenRequest(
      deps.db,
      row.workspaceId,
      row.id,
      now,
      limit.windowSeconds * 1000,
    );
    if (counted) {
      const resetSeconds = Math.max(
        1,
        Math.ceil(
          (counted.startedAt.getTime() + limit.windowSeconds * 1000 - now.getTime()) / 1000,
        ),
      );
      c.header("RateLimit-Limit", String(limit.max));
      c.header("RateLimit-Remaining", String(Math.max(0, limit.max - counted.requests)));
      c.header("RateLimit-Reset", String(resetSeconds));
      if (counted.requests > limit.max) throw new RateLimitedError(resetSeconds);
    }

    const plan = effectivePlan(row.plan, row.planUntil, now);
    if (!planCan({ plan }, "publicApi")) throw planRequired(plan, "publicApi");
    c.set("apiToken", {
      id: row.id,
      workspaceId: row.workspaceId,
      userId: row.userId,
      userEmail: row.userEmail,
      role: row.role,
      scopes: accessTokenScopes.filter((scope) => row.scopes.includes(scope)),
      plan,
    });
    await next();
  });
  return withRouteDoc(middleware, {
    authenticated: true,
    errors: [
      { status: 401, code: "unauthorized", message: "This token is not valid." },
      {
        status: 403,
        code: "plan_required",
        message: "Your plan does not include the public API.",
      },
      {
        status: 429,
        code: "rate_limited",
        message: "Too many requests. Please wait a moment and try again.",
      },
    ],
    // A refused token is not counted, so a 401 has no RateLimit headers.
    responseHeaders: {
      success: ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"],
      error: {
        401: [],
        429: ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After"],
        default: ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"],
      },
    },
  });
}

/**
 * Why `token` may not do what needs one of `scopes` (none on the token, or none its member's
 * role allows now), in words naming what is missing; undefined when it may.
 */
export function scopeRefusal(
  token: ApiToken,
  scopes: readonly [AccessTokenScope, ...AccessTokenScope[]],
): string | undefined {
  const held = scopes.filter((scope) => token.scopes.includes(scope));
  if (held.length === 0) {
    return scopes.length === 1
      ? `This token lacks the ${scopes[0]} scope.`
      : `This token needs one of these scopes: ${scopes.join(", ")}.`;
  }
  if (!held.some((scope) => roleAllowsScope(token.role, scope))) {
    return `The role of this token's member (${roleLabels[token.role]}) no longer allows ${held.join(", ")}.`;
  }
  return undefined;
}

/**
 * A route's scope: one of `scopes` on the token, and allowed by the member's role now. 403
 * `insufficient_scope` naming what is missing.
 */
export function requireScope(...scopes: [AccessTokenScope, ...AccessTokenScope[]]) {
  const middleware = createMiddleware<TokenEnv>(async (c, next) => {
    const refusal = scopeRefusal(c.var.apiToken, scopes);
    if (refusal) throw new AppError("insufficient_scope", refusal);
    await next();
  });
  return withRouteDoc(middleware, {
    scopes,
    errors: [
      {
        status: 403,
        code: "insufficient_scope",
        message: `This token lacks the ${scopes[0]} scope.`,
      },
    ],
  });
}
