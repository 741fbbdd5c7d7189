import {
  type Capability,
  capabilities,
  capabilityLabels,
  formatCapability,
  hasLiveSubscription,
  type PlanId,
  planIds,
  planNames,
} from "@sightline/contracts";
import { Check } from "lucide-react";
import { useSearchParams } from "react-router";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton } from "../../../components/feedback/skeleton.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { numberFormat } from "../../../lib/intl-formats.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import { useWorkspaces } from "../../../lib/workspaces.ts";
import { cn } from "../../../utils/cn.ts";
import { type Billing, useBilling } from "../api/get-billing.ts";
import { type PlanUsage, usePlanUsage } from "../api/get-plan-usage.ts";
import { useOpenBillingPortal } from "../api/open-billing-portal.ts";
import { useStartCheckout } from "../api/start-checkout.ts";

/*
 * Settings → Plan (issue 30): the open workspace's plan and the four plans side by side, read
 * from the same table the server enforces. Amounts only as the operator configured them
 * (PLAN_PRICES); with none configured, none are shown.
 */
/** A meter counts members; the table's row also names client reports, which come with them. */
const meterLabels: Partial<Record<Capability, string>> = { teamMembers: "Team members" };

const monthly = new Set<Capability>(["scheduledPostsPerMonth", "aiCreditsPerMonth"]);

function amount(capability: Capability, value: number): string {
  if (capability !== "storageBytes") return numberFormat().format(value);
  const mb = value / 1024 ** 2;
  return mb >= 1024 ? `${Math.round((mb / 1024) * 10) / 10} GB` : `${Math.round(mb * 10) / 10} MB`;
}

/** What the workspace uses of each limit, with a bar; the monthly ones say when they restart. */
function UsageMeters({ usage }: { usage: PlanUsage }) {
  const formatDateTime = useFormatDateTime();
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Usage</h3>
      <ul className="mt-2 grid gap-3 sm:grid-cols-2">
        {usage.meters.map((meter) => {
          const capability = meter.capability as Capability;
          const share =
            meter.limit === null ? 0 : Math.min(1, meter.used / Math.max(meter.limit, 1));
          const full = meter.limit !== null && meter.used >= meter.limit;
          return (
            <li key={capability} data-testid={`meter-${capability}`}>
              <div className="flex justify-between gap-3 text-sm">
                <span className="text-slate-700">
                  {meterLabels[capability] ?? capabilityLabels[capability]}
                </span>
                <span
                  className={cn(
                    "tabular-nums",
                    full ? "font-semibold text-amber-700" : "text-slate-900",
                  )}
                  data-testid="meter-value"
                >
                  {amount(capability, meter.used)}
                  {meter.limit === null ? "" : ` of ${amount(capability, meter.limit)}`}
                </span>
              </div>
              <div
                className="mt-1 h-1.5 overflow-hidden rounded-full bg-slate-100"
                aria-hidden="true"
              >
                <div
                  className={cn("h-full rounded-full", full ? "bg-amber-500" : "bg-brand-500")}
                  style={{ width: `${meter.limit === null ? 0 : share * 100}%` }}
                />
              </div>
              {monthly.has(capability) ? (
                <p className="mt-1 text-xs text-slate-500">
                  This month; starts again {formatDateTime(usage.resetsAt)}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * What the owner can do where this server takes payments: "Upgrade to X" (Stripe Checkout) for
 * each larger plan while there is no running subscription, and "Manage billing" (the Customer
 * Portal: card, invoices, plan, cancellation) once there is a customer that subscribed.
 */
function BillingActions({ plan, billing }: { plan: PlanId; billing: Billing }) {
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  const leaving = checkout.isPending || checkout.isSuccess || portal.isPending || portal.isSuccess;
  const subscribed = hasLiveSubscription(billing.status);
  const larger = planIds.filter((id) => planIds.indexOf(id) > planIds.indexOf(plan));
  const canManage = billing.hasCustomer && billing.status !== null;
  if (!canManage && (subscribed || larger.length === 0)) return null;
  return (
    <div className="flex flex-wrap gap-2" data-testid="billing-actions">
      {subscribed
        ? null
        : larger.map((id) => (
            <Button
              key={id}
              disabled={leaving}
              onClick={() => id !== "free" && checkout.mutate(id)}
            >
              Upgrade to {planNames[id]}
            </Button>
          ))}
      {canManage ? (
        <Button variant="outline" disabled={leaving} onClick={() => portal.mutate()}>
          Manage billing
        </Button>
      ) : null}
    </div>
  );
}

export function PlanSection() {
  const workspaces = useWorkspaces();
  const usage = usePlanUsage();
  const isOwner = useCan("owner");
  const canRead = useCan("read");
  const billing = useBilling({ enabled: canRead });
  const [params] = useSearchParams();
  const formatDateTime = useFormatDateTime();
  const current = workspaces.data?.current;
  if (!current) return <Skeleton className="h-48 w-full" />;
  const prices = billing.data?.prices ?? null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <span className="text-sm text-slate-600">{current.name} is on</span>
        <Badge data-testid="current-plan">{planNames[current.plan]}</Badge>
        {usage.data?.until ? (
          <span className="text-sm text-slate-600">until {formatDateTime(usage.data.until)}</span>
        ) : null}
      </div>
      {usage.data ? (
        <UsageMeters usage={usage.data} />
      ) : usage.isError ? (
        <QueryError message="The usage could not be loaded." onRetry={() => void usage.refetch()} />
      ) : (
        <Skeleton className="h-32 w-full" />
      )}
      {/* Scrolls sideways on a phone: focusable so a keyboard can scroll it too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus */}
      <section className="overflow-x-auto" tabIndex={0} aria-label="Plans compared">
        <table className="w-full min-w-[36rem] text-sm" aria-label="What each plan includes">
          <thead>
            <tr className="border-b border-slate-200 text-left">
              <th scope="col" className="py-2 pr-3 font-medium text-slate-500">
                Capability
              </th>
              {planIds.map((plan) => (
                <th
                  key={plan}
                  scope="col"
                  aria-current={plan === current.plan ? "true" : undefined}
                  className={cn(
                    "whitespace-nowrap px-3 py-2 text-right font-semibold text-slate-900",
                    plan === current.plan && "bg-brand-50 text-brand-800",
                  )}
                >
                  {planNames[plan]}
                  {plan !== "free" && prices?.[plan] ? (
                    <span
                      className="block text-xs font-normal text-slate-600"
                      data-testid={`price-${plan}`}
                    >
                      {prices[plan]}
                    </span>
                  ) : null}
                  {plan === current.plan ? (
                    <span className="block text-xs font-normal text-brand-700">Your plan</span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {capabilities.map((capability) => (
              <tr key={capability}>
                <th scope="row" className="py-2 pr-3 text-left font-normal text-slate-700">
                  {capabilityLabels[capability]}
                </th>
                {planIds.map((plan) => {
                  const value = formatCapability(plan, capability);
                  return (
                    <td
                      key={plan}
                      className={cn(
                        "whitespace-nowrap px-3 py-2 text-right tabular-nums text-slate-800",
                        plan === current.plan && "bg-brand-50",
                      )}
                    >
                      {value === "Yes" ? (
                        <Check aria-label="Yes" className="ml-auto size-4 text-brand-700" />
                      ) : (
                        value
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {billing.data?.enabled ? (
        <>
          {params.get("checkout") === "done" ? (
            <p role="status" className="text-sm text-slate-700" data-testid="checkout-done">
              Thank you. The new plan starts as soon as Stripe confirms the payment.
            </p>
          ) : null}
          {isOwner ? <BillingActions plan={current.plan} billing={billing.data} /> : null}
          <p className="text-sm text-slate-600">
            Payments go through Stripe; Free needs no card. Nothing is lost when a plan changes;
            data beyond a plan stays stored and returns on upgrade.
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-600">
          Billing is not set up on this Sightline server: its administrator changes plans. Nothing
          is lost when a plan changes; data beyond a plan stays stored and returns on upgrade.
        </p>
      )}
    </div>
  );
}
