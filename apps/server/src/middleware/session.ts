import { type Db, isSessionActive } from "@sightline/db";
import { createMiddleware } from "hono/factory";
import type { Auth } from "../auth/create-auth.ts";
import type { JwtVerifier } from "../auth/jwt-verifier.ts";
import { AppError } from "../lib/app-error.ts";
import type { AppEnv, SessionUser } from "../lib/app-types.ts";

/**
 * Gives every API request `c.var.getUser()`: the signed-in user from a Bearer access token (JWT)
 * or the session cookie, looked up at most once and only when a route asks (health, config and
 * Meta's callbacks never touch the session store). Routes that need a user use `requireUser`;
 * every query then takes `c.var.user.id`.
 *
 * A request with an access token also needs the session it was minted from to exist still, reads
 * as well as writes (issue 25): signing out, a revoked session, a password reset or deleting the
 * account stops the token at once, not when it expires 15 minutes later.
 */
export function sessionMiddleware(
  auth: Auth,
  verifyAccessToken: JwtVerifier,
  options: { db: Db; now: () => number },
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    let resolved: Promise<SessionUser | null> | undefined;
    const resolve = async (): Promise<SessionUser | null> => {
      const authorization = c.req.header("authorization");
      if (authorization?.toLowerCase().startsWith("bearer ")) {
        const claims = await verifyAccessToken(authorization.slice(7).trim());
        // Every request, reads too: a token of a session that ended (sign-out, revoke, password
        // reset, account deletion) reads nothing more, though it has not expired yet.
        if (
          !(
            claims.sessionId &&
            (await isSessionActive(
              options.db,
              claims.sessionId,
              claims.userId,
              new Date(options.now()),
            ))
          )
        ) {
          throw new AppError("unauthorized", "Your session has ended. Please sign in again.");
        }
        return {
          id: claims.userId,
          email: claims.email,
          aal: claims.aal,
          sessionId: claims.sessionId,
        };
      }
      const result = await auth.api.getSession({ headers: c.req.raw.headers });
      if (!result) return null;
      return {
        id: result.user.id,
        email: result.user.email,
        aal: (result.session as { aal?: string }).aal === "aal2" ? "aal2" : "aal1",
        sessionId: result.session.id,
      };
    };
    c.set("getUser", () => {
      resolved ??= resolve();
      return resolved;
    });
    await next();
  });
}

/** Answers 401 with `message` when nobody is signed in (a route may say it in its own words). */
export function requireUserSaying(message: string) {
  return createMiddleware<AppEnv & { Variables: { user: SessionUser } }>(async (c, next) => {
    const user = await c.var.getUser();
    if (!user) throw new AppError("unauthorized", message);
    c.set("user", user);
    await next();
  });
}

export const requireUser = requireUserSaying("Sign in to continue.");
