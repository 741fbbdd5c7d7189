import { z } from "zod";

/*
 * Billing with Stripe (issue 30 point 4, decision 028): the wire shapes the web and the server
 * share. Which plan gives what stays in plans.ts; what a plan costs is configuration only.
 */

/** The plans one can buy (Free needs no card: the spec's FAQ). */
export const paidPlanIds = ["starter", "pro", "premium"] as const;
export type PaidPlanId = (typeof paidPlanIds)[number];

export const startCheckoutInputSchema = z.object({ plan: z.enum(paidPlanIds) });
export type StartCheckoutInput = z.infer<typeof startCheckoutInputSchema>;

/** What checkout and the portal answer when the server has no billing configured. */
export const BILLING_NOT_SET_UP =
  "Billing is not set up on this server; the operator sets plans with npm run plan.";

/** The banner after a failed payment, while the plan is kept (STRIPE_GRACE_DAYS). */
export function paymentFailedBanner(planName: string, until: string): string {
  return `Your last payment failed. ${planName} stays on until ${until}; update your card to keep it.`;
}

/**
 * Stripe subscription statuses of a subscription still running (paid, on trial, or a payment
 * being retried): its plan changes in the Customer Portal, not through a second Checkout.
 */
export const liveSubscriptionStatuses = ["active", "trialing", "past_due", "unpaid"] as const;

export function hasLiveSubscription(status: string | null | undefined): boolean {
  return (liveSubscriptionStatuses as readonly string[]).includes(status ?? "");
}
