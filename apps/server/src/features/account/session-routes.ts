import { signOutScopeSchema } from "@sightline/contracts";
import { type Db, deleteOtherSessions } from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import type { Auth } from "../../auth/create-auth.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";

/**
 * Sign-out with a scope (spec §7): this session, the other sessions, or all of them.
 * A missing session is not an error: signing out is idempotent.
 */
export function sessionRoutes(deps: { auth: Auth; db: Db }) {
  return new Hono<AppEnv>().post(
    "/sign-out",
    validate("json", z.object({ scope: signOutScopeSchema.default("local") })),
    async (c) => {
      const { scope } = c.req.valid("json");
      const headers = c.req.raw.headers;
      const session = await deps.auth.api.getSession({ headers });
      if (!session) return c.json({ success: true, scope });
      // Every other session, not the first page of a listing (Better Auth lists at most 100).
      if (scope === "others" || scope === "global") {
        await deleteOtherSessions(deps.db, session.user.id, session.session.token);
      }
      if (scope === "others") return c.json({ success: true, scope });
      const response = await deps.auth.api.signOut({ headers, asResponse: true });
      const result = c.json({ success: true, scope });
      for (const cookie of response.headers.getSetCookie()) {
        result.headers.append("set-cookie", cookie);
      }
      return result;
    },
  );
}
