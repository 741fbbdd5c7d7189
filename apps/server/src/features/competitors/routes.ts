import { addCompetitorInputSchema, competitorsQuerySchema } from "@sightline/contracts";
import { deleteCompetitor } from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMemberByMethod } from "../../middleware/session.ts";
import type { CompetitorsContext } from "./context.ts";
import { addCompetitor, competitorsOverview } from "./service.ts";

const idParam = z.object({ id: z.uuid("Not found.") });

/** /api/competitors (issue 34): the comparison, adding by username and removing. */
export function competitorRoutes(ctx: CompetitorsContext) {
  return new Hono<AppEnv>()
    .use(requireMemberByMethod("radars:write"))
    .get("/", validate("query", competitorsQuerySchema), async (c) => {
      const days = Number(c.req.valid("query").days ?? 30);
      return c.json(await competitorsOverview(ctx, c.var.workspace, days));
    })
    .post("/", validate("json", addCompetitorInputSchema), async (c) => {
      const competitor = await addCompetitor(ctx, c.var.workspace, c.req.valid("json").username);
      return c.json({ competitor }, 201);
    })
    .delete("/:id", validate("param", idParam), async (c) => {
      const workspaceId = c.var.workspace.id;
      if (!(await deleteCompetitor(ctx.db, workspaceId, c.req.valid("param").id))) {
        throw new AppError("not_found", "This account is not tracked.");
      }
      await ctx.events.publish(workspaceId, "competitors:updated", {});
      return c.body(null, 204);
    });
}
