import type { PaidPlanId } from "@sightline/contracts";
import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { leaveForStripe } from "../utils/leave-for-stripe.ts";

/** POST /api/billing/checkout: Stripe's Checkout page for `plan`, where the owner pays. */
export const startCheckout = (plan: PaidPlanId) =>
  unwrap(api.billing.checkout.$post({ json: { plan } }));

/** Starts Checkout and, once Stripe answers its page, goes there (the plan changes by webhook). */
export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ url }) => leaveForStripe(url),
  });
}
