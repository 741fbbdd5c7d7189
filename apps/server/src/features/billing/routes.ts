import { startCheckoutInputSchema } from "@sightline/contracts";
import { Hono } from "hono";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember } from "../../middleware/session.ts";
import {
  applyStripeEvent,
  type BillingDeps,
  billingStatus,
  openPortal,
  startCheckout,
  verifyStripeEvent,
} from "./billing-service.ts";

/**
 * Largest Stripe webhook body taken (app.ts's body limit for the path): Stripe's events are a
 * few kilobytes; an invoice with many lines stays far below this.
 */
export const STRIPE_WEBHOOK_MAX_BYTES = 512 * 1024;

/**
 * /api/billing (issue 30 point 4, decision 028): the open workspace's billing state for the web,
 * Checkout and the Customer Portal for its owner, and Stripe's webhook, which has no session
 * and is authenticated by its Stripe-Signature alone.
 */
export function billingRoutes(deps: BillingDeps) {
  return new Hono<AppEnv>()
    .get("/", requireMember("read"), async (c) => {
      return c.json(await billingStatus(deps, c.var.workspace));
    })
    .post(
      "/checkout",
      requireMember("owner"),
      validate("json", startCheckoutInputSchema),
      async (c) => {
        const url = await startCheckout(deps, {
          workspace: c.var.workspace,
          email: c.var.user.email,
          plan: c.req.valid("json").plan,
        });
        return c.json({ url });
      },
    )
    .post("/portal", requireMember("owner"), async (c) => {
      return c.json({ url: await openPortal(deps, c.var.workspace.id) });
    })
    .post("/webhook", async (c) => {
      if (!deps.stripe) throw new AppError("not_found", "Billing is not set up on this server.");
      const raw = Buffer.from(await c.req.arrayBuffer());
      const signature = c.req.header("stripe-signature");
      const event = verifyStripeEvent(deps, raw, signature);
      if (!event) {
        c.var.logger.warn(
          { hasSignature: Boolean(signature) },
          "stripe webhook refused: bad signature",
        );
        throw new AppError("bad_request", "Invalid Stripe signature.");
      }
      const outcome = await applyStripeEvent(deps, event);
      c.var.logger.info({ eventId: event.id, type: event.type, outcome }, "stripe event");
      return c.json({ received: true, outcome });
    });
}
