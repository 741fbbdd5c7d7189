import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client.ts";
import { leaveForStripe } from "../utils/leave-for-stripe.ts";

/** POST /api/billing/portal: Stripe's Customer Portal (card, invoices, plan, cancellation). */
export const openBillingPortal = () => unwrap(api.billing.portal.$post());

export function useOpenBillingPortal() {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: ({ url }) => leaveForStripe(url),
  });
}
