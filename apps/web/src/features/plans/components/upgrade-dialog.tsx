import {
  capabilityLabels,
  capabilityPhrases,
  formatCapability,
  hasLiveSubscription,
  type PaidPlanId,
  type PlanRequired,
  planGains,
  planNames,
  UPGRADE_MODAL_TITLE,
} from "@sightline/contracts";
import { Sparkles } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { paths } from "../../../config/paths.ts";
import { onPlanRequired } from "../../../lib/api-error.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import { useBilling } from "../api/get-billing.ts";
import { useOpenBillingPortal } from "../api/open-billing-portal.ts";
import { useStartCheckout } from "../api/start-checkout.ts";

/**
 * "Upgrade" (issue 30 point 2): only where this server takes payments, and only for the owner,
 * who alone may buy. Stripe's Checkout for a workspace without a running subscription; with one,
 * the Customer Portal, where its plan changes (a second Checkout would bill twice).
 */
function UpgradeButton({ plan, subscribed }: { plan: PaidPlanId; subscribed: boolean }) {
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  // Stays disabled after success too: the page is on its way to Stripe.
  const busy = checkout.isPending || portal.isPending || checkout.isSuccess || portal.isSuccess;
  return (
    <Button
      disabled={busy}
      onClick={() => (subscribed ? portal.mutate() : checkout.mutate(plan))}
      data-testid="upgrade-checkout"
    >
      Upgrade
    </Button>
  );
}

/**
 * 'Upgrade your plan' (spec section 1; issue 30): opened by a locked control or by any action
 * the server refused with `plan_required`. It names what was asked for, the plan that includes
 * it and what else that plan adds; "See plans" opens the plan table in Settings, and where this
 * server takes payments "Upgrade" goes to Stripe's Checkout. No amounts here: they are
 * configuration, shown in Settings → Plan only when configured.
 */
export function UpgradeDialogHost({ initial = null }: { initial?: PlanRequired | null } = {}) {
  // `initial`: the refusal that had the dialog's code loaded (deferred-upgrade-dialog.tsx).
  const [detail, setDetail] = useState<PlanRequired | null>(initial);
  const [open, setOpen] = useState(initial !== null);
  const isOwner = useCan("owner");
  // Only the owner buys: nobody else's page asks for the billing state.
  const billing = useBilling({ enabled: isOwner });
  useEffect(
    () =>
      onPlanRequired((next) => {
        setDetail(next);
        setOpen(true);
      }),
    [],
  );
  if (!detail) return null;
  const { capability, plan, requiredPlan } = detail;
  const buyable =
    isOwner && billing.data?.enabled === true && requiredPlan !== null && requiredPlan !== "free"
      ? requiredPlan
      : null;
  const gains = requiredPlan
    ? planGains(plan, requiredPlan).filter((gained) => gained !== capability)
    : [];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent className="max-w-md" closeLabel="Close">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700"
          >
            <Sparkles className="size-5" />
          </span>
          <DialogTitle>{UPGRADE_MODAL_TITLE}</DialogTitle>
        </div>
        <DialogDescription className="mt-4" data-testid="upgrade-reason">
          {requiredPlan
            ? `The ${planNames[requiredPlan]} plan includes ${capabilityPhrases[capability]}.`
            : `No plan includes ${capabilityPhrases[capability]}.`}{" "}
          This workspace is on the {planNames[plan]} plan.
        </DialogDescription>
        {requiredPlan && gains.length > 0 ? (
          <div className="mt-4">
            <p className="text-sm font-medium text-slate-900">
              {planNames[requiredPlan]} also gives you:
            </p>
            <ul className="mt-2 space-y-1 text-sm text-slate-600">
              {gains.map((gained) => (
                <li key={gained} className="flex justify-between gap-4">
                  <span>{capabilityLabels[gained]}</span>
                  <span className="shrink-0 font-medium text-slate-900">
                    {formatCapability(requiredPlan, gained)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setOpen(false)}>
            Not now
          </Button>
          <Button asChild variant={buyable ? "outline" : "primary"}>
            <Link to={paths.settingsPlan} onClick={() => setOpen(false)}>
              See plans
            </Link>
          </Button>
          {buyable ? (
            <UpgradeButton plan={buyable} subscribed={hasLiveSubscription(billing.data?.status)} />
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
