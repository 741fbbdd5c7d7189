import { signOutScopeSchema } from "@sightline/contracts";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-types.ts";
import type { Auth } from "../auth/create-auth.ts";
import { validate } from "../lib/validate.ts";

/**
 * Sign-out with a scope (spec §7): this session, the other sessions, or all of them.
 * A missing session is not an error: signing out is idempotent.
 */
export function sessionRoutes(deps: { auth: Auth }) {
  return new Hono<AppEnv>().post(
    "/sign-out",
    validate("json", z.object({ scope: signOutScopeSchema.default("local") })),
    async (c) => {
      const { scope } = c.req.valid("json");
      const headers = c.req.raw.headers;
      const session = await deps.auth.api.getSession({ headers });
      if (!session) return c.json({ success: true, scope });
      if (scope === "others") {
        await deps.auth.api.revokeOtherSessions({ headers });
        return c.json({ success: true, scope });
      }
      if (scope === "global") await deps.auth.api.revokeSessions({ headers });
      const response = await deps.auth.api.signOut({ headers, asResponse: true });
      const result = c.json({ success: true, scope });
      for (const cookie of response.headers.getSetCookie()) {
        result.headers.append("set-cookie", cookie);
      }
      return result;
    },
  );
}
