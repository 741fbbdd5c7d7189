import { createMiddleware } from "hono/factory";
import type { AppEnv, SessionUser } from "../app-types.ts";
import type { Auth } from "../auth/create-auth.ts";
import type { JwtVerifier } from "../auth/jwt-verifier.ts";
import { AppError } from "../lib/app-error.ts";

/**
 * Resolves the signed-in user from a Bearer access token (JWT) or the session cookie.
 * Routes that need a user call `requireUser`; every query then takes `c.var.user.id`.
 */
export function sessionMiddleware(auth: Auth, verifyAccessToken: JwtVerifier) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const authorization = c.req.header("authorization");
    let user: SessionUser | null = null;
    if (authorization?.toLowerCase().startsWith("bearer ")) {
      const claims = await verifyAccessToken(authorization.slice(7).trim());
      user = { id: claims.userId, email: claims.email, aal: claims.aal };
    } else {
      const result = await auth.api.getSession({ headers: c.req.raw.headers });
      if (result) {
        user = {
          id: result.user.id,
          email: result.user.email,
          aal: (result.session as { aal?: string }).aal === "aal2" ? "aal2" : "aal1",
        };
      }
    }
    c.set("user", user);
    await next();
  });
}

export const requireUser = createMiddleware<AppEnv & { Variables: { user: SessionUser } }>(
  async (c, next) => {
    if (!c.get("user")) throw new AppError("unauthorized", "Sign in to continue.");
    await next();
  },
);
