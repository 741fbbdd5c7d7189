import { aiAskSchema, aiTeamRefreshParamSchema, aiTeamSettingsSchema } from "@sightline/contracts";
import { getAiTeamSettings, listAiTeamReports, saveAiTeamSettings } from "@sightline/db";
import { Hono } from "hono";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember, selectedConnection } from "../../middleware/session.ts";
import { dateOf } from "../../platform/clock.ts";
import { userLimit } from "../../platform/limits/user-limits.ts";
import { userTimeZone } from "../../platform/user-zone.ts";
import { planRequired, requirePlan, takeAiCredit } from "../plans/index.ts";
import { askSightline } from "./ask.ts";
import type { AiTeamContext } from "./context.ts";
import { builtRoles, computeRole, lockedRole, readTeam, rolesOf, storedRow } from "./team.ts";

/** A role is recomputed on request at most once a minute per account. */
export const REFRESH_INTERVAL_MS = 60_000;

/**
 * /api/ai-team (issue 31): the five roles' facts and wording for the selected account, and
 * "Refresh" per role (rate-limited; a model's wording counts against the plan's AI credits).
 */
export function aiTeamRoutes(ctx: AiTeamContext) {
  return new Hono<AppEnv>()
    .use(requireMember("read"))
    .get("/", async (c) => {
      const connection = await selectedConnection(ctx.db, c.var.workspace);
      if (!connection) return c.json({ connected: false as const });
      const roles = await readTeam(ctx, {
        workspace: { id: c.var.workspace.id, plan: c.var.workspace.plan },
        connection,
        timeZone: await userTimeZone(ctx.db, c.var.user.id),
      });
      return c.json({
        connected: true as const,
        model: ctx.ai?.label ?? null,
        settings: await getAiTeamSettings(ctx.db, c.var.workspace.id),
        roles,
      });
    })
    .put(
      "/settings",
      requireMember("connections"),
      validate("json", aiTeamSettingsSchema),
      async (c) => {
        const settings = c.req.valid("json");
        await saveAiTeamSettings(ctx.db, c.var.workspace.id, settings, dateOf(ctx.now));
        return c.json(settings);
      },
    )
    .post(
      "/ask",
      requirePlan("aiTeam"),
      userLimit(ctx, "ask"),
      validate("json", aiAskSchema),
      async (c) => {
        const ai = ctx.ai;
        if (!ai) {
          throw new AppError(
            "conflict",
            "Ask Sightline needs an AI model: set AI_PROVIDER and AI_MODEL (with AI_API_KEY, or AI_BASE_URL for a local server) in the server's configuration.",
          );
        }
        const connection = await selectedConnection(ctx.db, c.var.workspace);
        if (!connection) {
          throw new AppError(
            "conflict",
            "Connect an Instagram account first: Ask Sightline answers from its numbers.",
          );
        }
        const workspace = { id: c.var.workspace.id, plan: c.var.workspace.plan };
        const now = dateOf(ctx.now);
        const giveBack = await takeAiCredit(ctx.db, workspace, now);
        try {
          const { question, history } = c.req.valid("json");
          return c.json(
            await askSightline(
              ctx,
              ai,
              { workspace, connection, timeZone: await userTimeZone(ctx.db, c.var.user.id) },
              { question, history },
            ),
          );
        } catch (error) {
          await giveBack();
          c.var.logger.warn({ err: error }, "ask sightline: the model failed");
          throw new AppError(
            "bad_gateway",
            "The AI model did not answer. Please try again in a moment.",
          );
        }
      },
    )
    .post("/:role/refresh", validate("param", aiTeamRefreshParamSchema), async (c) => {
      const { role } = c.req.valid("param");
      const workspace = { id: c.var.workspace.id, plan: c.var.workspace.plan };
      if (!rolesOf(workspace.plan).includes(role)) {
        throw planRequired(workspace.plan, "aiTeam", lockedRole(workspace.plan, role).message);
      }
      if (!builtRoles([role]).includes(role)) {
        throw new AppError("not_found", "This role is not switched on yet.");
      }
      const connection = await selectedConnection(ctx.db, c.var.workspace);
      if (!connection) {
        throw new AppError(
          "conflict",
          "Connect an Instagram account first: the team works from its numbers.",
        );
      }
      const now = dateOf(ctx.now);
      const stored = storedRow(
        await listAiTeamReports(ctx.db, {
          workspaceId: workspace.id,
          accountId: connection.instagramId,
        }),
        role,
      );
      const waited = stored ? now.getTime() - stored.computedAt.getTime() : Infinity;
      if (waited < REFRESH_INTERVAL_MS) {
        const seconds = Math.ceil((REFRESH_INTERVAL_MS - waited) / 1000);
        c.header("Retry-After", String(seconds));
        throw new AppError(
          "rate_limited",
          `The ${role} was refreshed a moment ago. Try again in ${seconds} seconds.`,
        );
      }
      // A model's wording is an AI credit (Free has 5 a month); the built-in engine is free.
      const giveBack = ctx.ai ? await takeAiCredit(ctx.db, workspace, now) : async () => {};
      try {
        const report = await computeRole(
          ctx,
          { workspace, connection, timeZone: await userTimeZone(ctx.db, c.var.user.id) },
          role,
          // Refresh asks again: a stored wording of the same facts is not reused.
          undefined,
        );
        if (report.writer.kind !== "model") await giveBack();
        return c.json(report);
      } catch (error) {
        await giveBack();
        throw error;
      }
    });
}
