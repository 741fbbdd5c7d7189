import { paymentFailedBanner, planNames } from "@sightline/contracts";
import { CreditCard } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import { useWorkspaces } from "../../../lib/workspaces.ts";
import { useBilling } from "../api/get-billing.ts";
import { useOpenBillingPortal } from "../api/open-billing-portal.ts";

/**
 * After a failed payment (issue 30 point 4), the owner sees until when the plan stays and goes to
 * the Customer Portal to update the card; afterwards the workspace reads as Free by itself.
 */
export function PaymentFailedBanner() {
  const isOwner = useCan("owner");
  const billing = useBilling({ enabled: isOwner });
  const workspaces = useWorkspaces();
  const portal = useOpenBillingPortal();
  const formatDateTime = useFormatDateTime();
  const graceUntil = billing.data?.graceUntil;
  const plan = workspaces.data?.current.plan;
  if (!isOwner || !graceUntil || !plan || plan === "free") return null;
  return (
    <div
      role="status"
      data-testid="payment-failed-banner"
      className="flex flex-wrap items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950 sm:px-6"
    >
      <CreditCard aria-hidden="true" className="size-4 shrink-0" />
      <p className="flex-1">
        {paymentFailedBanner(planNames[plan], formatDateTime(graceUntil, { dateStyle: "long" }))}
      </p>
      <Button
        size="sm"
        variant="outline"
        disabled={portal.isPending || portal.isSuccess}
        onClick={() => portal.mutate()}
      >
        Manage billing
      </Button>
    </div>
  );
}
