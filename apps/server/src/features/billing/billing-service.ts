import {
  BILLING_NOT_SET_UP,
  effectivePlan,
  hasLiveSubscription,
  type PaidPlanId,
  type PlanId,
  paidPlanIds,
} from "@sightline/contracts";
import {
  claimStripeEvent,
  type Db,
  ensureWorkspaceBilling,
  findWorkspace,
  findWorkspaceBilling,
  findWorkspaceBillingByCustomer,
  recordStripeEventOutcome,
  updateWorkspaceBilling,
  type WorkspaceBillingRow,
} from "@sightline/db";
import type Stripe from "stripe";
import { AppError } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import { uuidPattern } from "../../middleware/session.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import { changePlan } from "../plans/index.ts";
import type { StripeConfig } from "./stripe-client.ts";

export interface BillingDeps {
  db: Db;
  /** Unset when billing is not configured (STRIPE_* variables). */
  stripe: { client: Stripe; config: StripeConfig } | undefined;
  /** Display text per paid plan (PLAN_PRICES); never amounts written in code. */
  planPrices: Partial<Record<PaidPlanId, string>>;
  publicUrl: string;
  now: Clock;
  logger: Logger;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Subscription statuses that pay for the plan. */
const paying = new Set<Stripe.Subscription.Status>(["active", "trialing"]);
/** Payment failed, Stripe still retrying: the plan stays for the grace period. */
const overdue = new Set<Stripe.Subscription.Status>(["past_due", "unpaid"]);
/** The subscription has ended (or never started): Free. */
const ended = new Set<Stripe.Subscription.Status>(["canceled", "incomplete_expired", "paused"]);

function configured(deps: BillingDeps) {
  if (!deps.stripe) throw new AppError("conflict", BILLING_NOT_SET_UP);
  return deps.stripe;
}

/**
 * A call to Stripe's API from a member's request: a failure there (unreachable, refused) is
 * Stripe's, answered 502 with a sentence, its detail logged.
 */
async function fromStripe<T>(deps: BillingDeps, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    deps.logger.error({ err: error }, "stripe request failed");
    throw new AppError("bad_gateway", "Stripe did not answer as expected; try again in a moment.");
  }
}

function idOf(value: string | { id: string } | null | undefined): string | undefined {
  if (!value) return undefined;
  return typeof value === "string" ? value : value.id;
}

function planOfPrice(config: StripeConfig, priceId: string | undefined): PaidPlanId | undefined {
  return paidPlanIds.find((plan) => config.prices[plan] === priceId);
}

/** What the web shows: whether one can buy, the configured prices, and a running grace period. */
export async function billingStatus(
  deps: BillingDeps,
  workspace: { id: string; planUntil: Date | null },
) {
  const row = await findWorkspaceBilling(deps.db, workspace.id);
  const now = dateOf(deps.now);
  const inGrace =
    row?.paymentFailedAt != null &&
    workspace.planUntil !== null &&
    workspace.planUntil.getTime() > now.getTime();
  return {
    enabled: deps.stripe !== undefined,
    prices: Object.keys(deps.planPrices).length > 0 ? deps.planPrices : null,
    status: row?.subscriptionStatus ?? null,
    hasCustomer: row !== undefined,
    graceUntil: inGrace ? workspace.planUntil!.toISOString() : null,
  };
}

/** The workspace's Stripe customer, made the first time (so checkout and portal share it). */
async function customerFor(
  deps: BillingDeps,
  client: Stripe,
  workspace: { id: string; name: string },
  email: string,
): Promise<WorkspaceBillingRow> {
  const existing = await findWorkspaceBilling(deps.db, workspace.id);
  if (existing) return existing;
  const customer = await fromStripe(deps, () =>
    client.customers.create({
      email,
      name: workspace.name,
      metadata: { workspaceId: workspace.id },
    }),
  );
  return ensureWorkspaceBilling(deps.db, workspace.id, customer.id, dateOf(deps.now));
}

/**
 * A Checkout session (subscription mode) for `plan`: answers Stripe's page to send the owner
 * to. The return addresses come from PUBLIC_URL, never from the request.
 */
export async function startCheckout(
  deps: BillingDeps,
  input: { workspace: { id: string; name: string }; email: string; plan: PaidPlanId },
): Promise<string> {
  const { client, config } = configured(deps);
  const row = await customerFor(deps, client, input.workspace, input.email);
  if (row.stripeSubscriptionId && hasLiveSubscription(row.subscriptionStatus)) {
    // A second Checkout would start a second subscription: plan changes go through the portal.
    throw new AppError(
      "conflict",
      "This workspace already has a subscription; change its plan in Manage billing.",
    );
  }
  const session = await fromStripe(deps, () =>
    client.checkout.sessions.create({
      mode: "subscription",
      customer: row.stripeCustomerId,
      client_reference_id: input.workspace.id,
      metadata: { workspaceId: input.workspace.id, plan: input.plan },
      subscription_data: { metadata: { workspaceId: input.workspace.id } },
      line_items: [{ price: config.prices[input.plan], quantity: 1 }],
      success_url: `${deps.publicUrl}/settings?checkout=done#plan`,
      cancel_url: `${deps.publicUrl}/settings#plan`,
    }),
  );
  if (!session.url) throw new AppError("bad_gateway", "Stripe did not answer a checkout page.");
  return session.url;
}

/** The Customer Portal (card, invoices, cancellation) for the workspace's customer. */
export async function openPortal(deps: BillingDeps, workspaceId: string): Promise<string> {
  const { client } = configured(deps);
  const row = await findWorkspaceBilling(deps.db, workspaceId);
  if (!row) {
    throw new AppError("conflict", "This workspace has no billing account yet: upgrade first.");
  }
  const session = await fromStripe(deps, () =>
    client.billingPortal.sessions.create({
      customer: row.stripeCustomerId,
      return_url: `${deps.publicUrl}/settings#plan`,
    }),
  );
  return session.url;
}

/**
 * Cancels the workspace's running subscription at once (its owner deletes their account, and
 * the workspace with it): a deleted workspace is never charged again. Nothing to do without
 * billing or a running subscription; a Stripe failure throws, so the deletion stops and can be
 * tried again.
 */
export async function cancelWorkspaceSubscription(deps: BillingDeps, workspaceId: string) {
  if (!deps.stripe) return;
  const row = await findWorkspaceBilling(deps.db, workspaceId);
  if (!row?.stripeSubscriptionId || !hasLiveSubscription(row.subscriptionStatus)) return;
  const { client } = deps.stripe;
  const subscriptionId = row.stripeSubscriptionId;
  await fromStripe(deps, () => client.subscriptions.cancel(subscriptionId));
}

/**
 * The Stripe event a webhook delivery carries, when its Stripe-Signature verifies over the raw
 * bytes with the endpoint's secret (and is at most five minutes old); undefined otherwise.
 */
export function verifyStripeEvent(
  deps: BillingDeps,
  raw: Buffer,
  signature: string | undefined,
): Stripe.Event | undefined {
  const { client, config } = configured(deps);
  if (!signature) return undefined;
  try {
    return client.webhooks.constructEvent(
      raw,
      signature,
      config.webhookSecret,
      300,
      undefined,
      deps.now(),
    );
  } catch {
    return undefined;
  }
}

type Outcome = "applied" | "stale" | "ignored";

interface Applying {
  db: Db;
  config: StripeConfig;
  event: Stripe.Event;
  now: Date;
  logger: Logger;
}

/**
 * Applies a verified Stripe event once: the event id is claimed in the transaction that applies
 * it, so a redelivery (or a second delivery racing the first) is answered "replayed" and changes
 * nothing, and a failure leaves it unclaimed for Stripe's retry. An event older than the newest
 * one applied to the workspace ("stale") is recorded and changes nothing.
 */
export async function applyStripeEvent(
  deps: BillingDeps,
  event: Stripe.Event,
): Promise<Outcome | "replayed"> {
  const { client, config } = configured(deps);
  // The network call comes before the transaction, which it must not hold open.
  let subscription: Stripe.Subscription | undefined;
  if (event.type === "checkout.session.completed") {
    const session = event.data.object;
    const subscriptionId = idOf(session.subscription);
    if (session.mode === "subscription" && subscriptionId) {
      subscription = await client.subscriptions.retrieve(subscriptionId);
    }
  }
  const now = dateOf(deps.now);
  return deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const claimed = await claimStripeEvent(db, {
      eventId: event.id,
      type: event.type,
      eventCreated: event.created,
    });
    if (!claimed) return "replayed";
    const result = await applyClaimed(
      { db, config, event, now, logger: deps.logger },
      subscription,
    );
    await recordStripeEventOutcome(db, event.id, result);
    return result.outcome;
  });
}

async function applyClaimed(
  ctx: Applying,
  retrieved: Stripe.Subscription | undefined,
): Promise<{ workspaceId: string | null; outcome: Outcome }> {
  const { db, event } = ctx;
  const ignored = (workspaceId: string | null = null) => ({
    workspaceId,
    outcome: "ignored" as const,
  });
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const workspaceId = session.client_reference_id ?? session.metadata?.workspaceId;
      const customerId = idOf(session.customer);
      if (!workspaceId || !uuidPattern.test(workspaceId) || !customerId || !retrieved) {
        return ignored();
      }
      if (!(await findWorkspace(db, workspaceId))) return ignored();
      const row = await ensureWorkspaceBilling(db, workspaceId, customerId, ctx.now);
      if (row.stripeCustomerId !== customerId) {
        await updateWorkspaceBilling(db, workspaceId, { stripeCustomerId: customerId }, ctx.now);
      }
      return applySubscription(ctx, { ...row, stripeCustomerId: customerId }, retrieved);
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const row = await rowFor(
        ctx,
        idOf(subscription.customer),
        subscription.metadata?.workspaceId,
      );
      if (!row) return ignored();
      if (event.type === "customer.subscription.deleted") {
        if (row.stripeSubscriptionId && row.stripeSubscriptionId !== subscription.id) {
          return ignored(row.workspaceId); // an earlier subscription's end
        }
        return applySubscription(ctx, row, { ...subscription, status: "canceled" });
      }
      return applySubscription(ctx, row, subscription);
    }
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const row = await rowFor(ctx, idOf(invoice.customer), undefined);
      if (!row) return ignored();
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
      if (
        subscriptionId &&
        row.stripeSubscriptionId &&
        subscriptionId !== row.stripeSubscriptionId
      ) {
        return ignored(row.workspaceId);
      }
      if (isStale(row, event)) return { workspaceId: row.workspaceId, outcome: "stale" };
      await startGrace(ctx, row);
      await updateWorkspaceBilling(
        db,
        row.workspaceId,
        { lastEventCreated: event.created },
        ctx.now,
      );
      return { workspaceId: row.workspaceId, outcome: "applied" };
    }
    default:
      return ignored();
  }
}

/** The workspace a customer's event is about: by the stored customer, else the metadata we set. */
async function rowFor(
  ctx: Applying,
  customerId: string | undefined,
  workspaceId: string | undefined,
): Promise<WorkspaceBillingRow | undefined> {
  if (!customerId) return undefined;
  const row = await findWorkspaceBillingByCustomer(ctx.db, customerId);
  if (row) return row;
  if (!workspaceId || !uuidPattern.test(workspaceId)) return undefined;
  if (!(await findWorkspace(ctx.db, workspaceId))) return undefined;
  const made = await ensureWorkspaceBilling(ctx.db, workspaceId, customerId, ctx.now);
  // The workspace has another customer already: not this one's to change.
  return made.stripeCustomerId === customerId ? made : undefined;
}

/** Stripe does not deliver in order: an event older than the last applied one is not applied. */
function isStale(row: WorkspaceBillingRow, event: Stripe.Event) {
  return row.lastEventCreated !== null && event.created < row.lastEventCreated;
}

async function applySubscription(
  ctx: Applying,
  row: WorkspaceBillingRow,
  subscription: Stripe.Subscription,
): Promise<{ workspaceId: string; outcome: Outcome }> {
  const { event } = ctx;
  const workspaceId = row.workspaceId;
  if (isStale(row, event)) return { workspaceId, outcome: "stale" };
  const status = subscription.status;
  if (
    row.stripeSubscriptionId &&
    row.stripeSubscriptionId !== subscription.id &&
    !paying.has(status)
  ) {
    // An earlier subscription's change does not touch the current one.
    return { workspaceId, outcome: "ignored" };
  }
  const priceId = subscription.items.data[0]?.price.id;
  const plan = planOfPrice(ctx.config, priceId);
  await updateWorkspaceBilling(
    ctx.db,
    workspaceId,
    {
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: status,
      stripePriceId: priceId ?? null,
      plan: plan ?? null,
      lastEventCreated: event.created,
      ...(paying.has(status) || ended.has(status) ? { paymentFailedAt: null } : {}),
    },
    ctx.now,
  );
  if (paying.has(status)) {
    if (!plan) {
      ctx.logger.warn({ priceId, eventId: event.id }, "stripe price is not one of STRIPE_PRICE_*");
      return { workspaceId, outcome: "ignored" };
    }
    await setPlan(ctx, workspaceId, plan, null, status);
  } else if (overdue.has(status)) {
    await startGrace(ctx, row);
  } else if (ended.has(status)) {
    await setPlan(ctx, workspaceId, "free", null, status);
  }
  // "incomplete": the first payment is under way; nothing is granted before it succeeds.
  return { workspaceId, outcome: "applied" };
}

/** Changes the plan through the one way plans change, unless it is already so. */
async function setPlan(
  ctx: Applying,
  workspaceId: string,
  plan: PlanId,
  until: Date | null,
  status: string,
) {
  const workspace = await findWorkspace(ctx.db, workspaceId);
  if (!workspace) return;
  if (workspace.plan === plan && workspace.planUntil?.getTime() === until?.getTime()) return;
  await changePlan(ctx.db, {
    workspaceId,
    from: effectivePlan(workspace.plan, workspace.planUntil, ctx.now),
    plan,
    until,
    by: "billing",
    now: ctx.now,
    details: { stripeEventId: ctx.event.id, stripeEventType: ctx.event.type, status },
  });
}

/**
 * A failed payment: the plan stays until STRIPE_GRACE_DAYS after the failure (`plan_until`),
 * then reads as Free by itself; paying again clears the end date. A second failure within the
 * grace period does not lengthen it.
 */
async function startGrace(ctx: Applying, row: WorkspaceBillingRow) {
  if (row.paymentFailedAt) return;
  const failedAt = new Date(ctx.event.created * 1000);
  await updateWorkspaceBilling(ctx.db, row.workspaceId, { paymentFailedAt: failedAt }, ctx.now);
  const workspace = await findWorkspace(ctx.db, row.workspaceId);
  if (!workspace || effectivePlan(workspace.plan, workspace.planUntil, ctx.now) === "free") return;
  await setPlan(
    ctx,
    row.workspaceId,
    workspace.plan,
    new Date(failedAt.getTime() + ctx.config.graceDays * DAY_MS),
    "payment_failed",
  );
}
