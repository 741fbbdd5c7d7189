import { type Db, getProfileForUser } from "@sightline/db";
import { Hono } from "hono";
import type { AppEnv } from "../../lib/app-types.ts";
import { requireUser } from "../../middleware/session.ts";

export function meRoutes(deps: { db: Db }) {
  return new Hono<AppEnv>().get("/", requireUser, async (c) => {
    const user = c.var.user;
    const profile = await getProfileForUser(deps.db, user.id);
    return c.json({
      id: user.id,
      email: profile?.email ?? user.email,
      aal: user.aal,
      profile: {
        first_name: profile?.firstName ?? null,
        last_name: profile?.lastName ?? null,
      },
    });
  });
}
