import { createMiddleware } from "hono/factory";
import type { AppEnv, SessionUser } from "../app-types.ts";
import type { Auth } from "../auth/create-auth.ts";
import type { JwtVerifier } from "../auth/jwt-verifier.ts";
import { AppError } from "../lib/app-error.ts";

/**
 * Gives every API request `c.var.getUser()`: the signed-in user from a Bearer access token (JWT)
 * or the session cookie, looked up at most once and only when a route asks (health, config and
 * Meta's callbacks never touch the session store). Routes that need a user use `requireUser`;
 * every query then takes `c.var.user.id`.
 */
export function sessionMiddleware(auth: Auth, verifyAccessToken: JwtVerifier) {
  return createMiddleware<AppEnv>(async (c, next) => {
    let resolved: Promise<SessionUser | null> | undefined;
    const resolve = async (): Promise<SessionUser | null> => {
      const authorization = c.req.header("authorization");
      if (authorization?.toLowerCase().startsWith("bearer ")) {
        const claims = await verifyAccessToken(authorization.slice(7).trim());
        return { id: claims.userId, email: claims.email, aal: claims.aal };
      }
      const result = await auth.api.getSession({ headers: c.req.raw.headers });
      if (!result) return null;
      return {
        id: result.user.id,
        email: result.user.email,
        aal: (result.session as { aal?: string }).aal === "aal2" ? "aal2" : "aal1",
      };
    };
    c.set("getUser", () => {
      resolved ??= resolve();
      return resolved;
    });
    await next();
  });
}

export const requireUser = createMiddleware<AppEnv & { Variables: { user: SessionUser } }>(
  async (c, next) => {
    const user = await c.var.getUser();
    if (!user) throw new AppError("unauthorized", "Sign in to continue.");
    c.set("user", user);
    await next();
  },
);
