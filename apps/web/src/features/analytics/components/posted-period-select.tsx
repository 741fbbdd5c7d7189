import {
  formatCapability,
  type PlanId,
  planAllowingMore,
  planCapabilities,
  planNames,
} from "@sightline/contracts";
import { Select } from "../../../components/ui/input.tsx";
import { dateTimeFormat } from "../../../lib/intl-formats.ts";

/** The "Posted" filter's periods, in days ("" for all the plan's history). */
const PERIODS = [
  { value: "", label: "All time" },
  { value: "7", label: "Last 7 days" },
  { value: "28", label: "Last 28 days" },
  { value: "90", label: "Last 90 days" },
  { value: "365", label: "Last 12 months" },
] as const;

function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The last `days` days up to today on the user's calendar; undefined for all time. */
export function periodRange(days: string, timeZone: string, now = new Date()) {
  if (!days) return {};
  const today = dateTimeFormat("en-CA", { timeZone }).format(now);
  return { from: addDays(today, -(Number(days) - 1)), to: today };
}

/**
 * Post Performance's "Posted" filter, for posts and stories alike. Periods longer than the
 * plan's history wait for a bigger plan (issue 30): shown, disabled, naming the plan.
 */
export function PostedPeriodSelect({
  id,
  value,
  onChange,
  plan,
}: {
  id: string;
  value: string;
  onChange: (days: string) => void;
  plan: PlanId | undefined;
}) {
  const needs = plan ? planAllowingMore(plan, "historyDays") : undefined;
  return (
    <div className="text-sm">
      <label htmlFor={id} className="block font-medium text-slate-700">
        Posted
      </label>
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="mt-1"
      >
        {PERIODS.map((option) => {
          const longer =
            plan !== undefined &&
            option.value !== "" &&
            Number(option.value) > planCapabilities[plan].historyDays;
          return (
            <option key={option.value} value={option.value} disabled={longer}>
              {option.value === "" && plan
                ? `All (last ${formatCapability(plan, "historyDays")})`
                : longer && needs
                  ? `${option.label} (${planNames[needs]} plan)`
                  : option.label}
            </option>
          );
        })}
      </Select>
    </div>
  );
}
