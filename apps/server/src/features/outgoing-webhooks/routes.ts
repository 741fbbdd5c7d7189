import {
  createWebhookEndpointSchema,
  listWebhookDeliveriesQuerySchema,
  updateWebhookEndpointSchema,
  webhookEventLabels,
  webhookEventTypes,
} from "@sightline/contracts";
import {
  deleteWebhookEndpoint,
  findWebhookDelivery,
  findWebhookEndpoint,
  lastWebhookAttempt,
  latestWebhookDeliveries,
  listWebhookDeliveries,
  listWebhookEndpoints,
  updateWebhookEndpoint,
} from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember } from "../../middleware/session.ts";
import { dateOf } from "../../platform/clock.ts";
import { userLimit } from "../../platform/limits/user-limits.ts";
import { can, planRequired, requirePlan } from "../plans/index.ts";
import { recordAudit } from "../workspaces/index.ts";
import type { OutgoingWebhooksContext } from "./context.ts";
import { queueManualDelivery } from "./emit.ts";
import { createWebhookEndpoint, rollWebhookSecret, toDelivery, toEndpoint } from "./service.ts";

const idParam = z.object({ id: z.uuid("Not a webhook endpoint id.") });
const deliveryParam = z.object({
  id: z.uuid("Not a webhook endpoint id."),
  deliveryId: z.uuid("Not a delivery id."),
});
const notFound = () => new AppError("not_found", "This webhook endpoint does not exist.");

/**
 * /api/webhook-endpoints (issue 35 point 4): a workspace's outgoing webhooks for owners and
 * admins (`developers`). Adding one, switching one on, a test event and a resend need the
 * `publicApi` capability (Pro and Premium); reading, switching off and deleting never do.
 */
export function outgoingWebhookRoutes(ctx: OutgoingWebhooksContext) {
  const member = requireMember("developers");
  return new Hono<AppEnv>()
    .get("/", member, async (c) => {
      const workspaceId = c.var.workspace.id;
      const rows = await listWebhookEndpoints(ctx.db, workspaceId);
      const last = await latestWebhookDeliveries(
        ctx.db,
        workspaceId,
        rows.map((row) => row.id),
      );
      return c.json({
        endpoints: rows.map((row) => toEndpoint(row, last.get(row.id))),
        events: webhookEventTypes.map((type) => ({ type, label: webhookEventLabels[type] })),
        allowed: can(c.var.workspace, "publicApi"),
      });
    })
    .post(
      "/",
      member,
      requirePlan("publicApi"),
      validate("json", createWebhookEndpointSchema),
      async (c) => {
        const input = c.req.valid("json");
        const { row, secret } = await createWebhookEndpoint(
          ctx,
          c.var.workspace.id,
          input,
          c.var.user.id,
        );
        await recordAudit(ctx, c.var, "webhook.created", { target: row.id });
        // The secret is answered here and on a roll only; it is never listed or logged.
        return c.json({ endpoint: toEndpoint(row, undefined), secret }, 201);
      },
    )
    .patch(
      "/:id",
      member,
      validate("param", idParam),
      validate("json", updateWebhookEndpointSchema),
      async (c) => {
        const workspaceId = c.var.workspace.id;
        const { id } = c.req.valid("param");
        const input = c.req.valid("json");
        const existing = await findWebhookEndpoint(ctx.db, workspaceId, id);
        if (!existing) throw notFound();
        // Switching one on needs the plan; switching off never does.
        if (input.enabled && !can(c.var.workspace, "publicApi")) {
          throw planRequired(c.var.workspace.plan, "publicApi");
        }
        const row = await updateWebhookEndpoint(ctx.db, workspaceId, id, {
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.events !== undefined ? { events: input.events } : {}),
          ...(input.enabled !== undefined
            ? {
                enabled: input.enabled,
                // Switched on by hand: the run of failures and its reason are behind it.
                ...(input.enabled ? { disabledReason: null, consecutiveFailures: 0 } : {}),
              }
            : {}),
          updatedAt: dateOf(ctx.now),
        });
        if (!row) throw notFound();
        await recordAudit(ctx, c.var, "webhook.updated", {
          target: id,
          details: {
            ...(input.events ? { events: input.events } : {}),
            ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
          },
        });
        const last = await latestWebhookDeliveries(ctx.db, workspaceId, [id]);
        return c.json({ endpoint: toEndpoint(row, last.get(id)) });
      },
    )
    .delete("/:id", member, validate("param", idParam), async (c) => {
      const { id } = c.req.valid("param");
      if (!(await deleteWebhookEndpoint(ctx.db, c.var.workspace.id, id))) throw notFound();
      await recordAudit(ctx, c.var, "webhook.deleted", { target: id });
      return c.body(null, 204);
    })
    .post(
      "/:id/roll-secret",
      member,
      requirePlan("publicApi"),
      validate("param", idParam),
      async (c) => {
        const { id } = c.req.valid("param");
        const secret = await rollWebhookSecret(ctx, c.var.workspace.id, id);
        if (!secret) throw notFound();
        await recordAudit(ctx, c.var, "webhook.secret_rolled", { target: id });
        return c.json({ secret });
      },
    )
    .post(
      "/:id/test",
      member,
      requirePlan("publicApi"),
      validate("param", idParam),
      userLimit(ctx, "webhookSend"),
      async (c) => {
        const workspaceId = c.var.workspace.id;
        const { id } = c.req.valid("param");
        if (!(await findWebhookEndpoint(ctx.db, workspaceId, id))) throw notFound();
        const delivery = await queueManualDelivery(ctx, {
          kind: "ping",
          workspaceId,
          endpointId: id,
        });
        return c.json({ delivery: toDelivery(delivery) }, 202);
      },
    )
    .get(
      "/:id/deliveries",
      member,
      validate("param", idParam),
      validate("query", listWebhookDeliveriesQuerySchema),
      async (c) => {
        const workspaceId = c.var.workspace.id;
        const { id } = c.req.valid("param");
        const query = c.req.valid("query");
        if (!(await findWebhookEndpoint(ctx.db, workspaceId, id))) throw notFound();
        const rows = await listWebhookDeliveries(ctx.db, workspaceId, id, query);
        const last = rows.at(-1);
        return c.json({
          items: rows.map(toDelivery),
          nextBefore: rows.length === query.limit && last ? last.seq : null,
        });
      },
    )
    .post(
      "/:id/deliveries/:deliveryId/resend",
      member,
      requirePlan("publicApi"),
      validate("param", deliveryParam),
      userLimit(ctx, "webhookSend"),
      async (c) => {
        const workspaceId = c.var.workspace.id;
        const { id, deliveryId } = c.req.valid("param");
        const original = await findWebhookDelivery(ctx.db, workspaceId, id, deliveryId);
        if (!original) throw new AppError("not_found", "This delivery does not exist.");
        const attempt = (await lastWebhookAttempt(ctx.db, workspaceId, id, original.eventId)) + 1;
        const delivery = await queueManualDelivery(ctx, { kind: "resend", of: original, attempt });
        return c.json({ delivery: toDelivery(delivery) }, 202);
      },
    );
}
