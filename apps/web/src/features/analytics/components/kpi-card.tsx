import type { AnalyticsSeriesPoint } from "@sightline/contracts";
import { ArrowDownRight, ArrowRight, ArrowUpRight } from "lucide-react";
import { cn } from "../../../utils/cn.ts";
import { changeDirection, formatChangePct, formatCompact, formatNumber } from "../utils/format.ts";
import { Sparkline } from "./sparkline.tsx";

export interface KpiCardProps {
  label: string;
  value: number | null;
  /** Why value is null. */
  reason?: string;
  changePct?: number | null;
  changeReason?: string;
  /** A change given as text instead of a percent (followers: "+120 this period"). */
  changeText?: string;
  series?: AnalyticsSeriesPoint[];
  /** Formats the value; compact numbers by default. */
  format?: (value: number) => string;
  title?: string;
  /** What the figure covers when it is not a plain sum (per-period figures, daily averages). */
  note?: string | undefined;
  /** "as of 14:05": when the figure was read from Instagram. */
  asOfText?: string | undefined;
  /** The test id's name when the label changes with the figure ("Average daily reach"). */
  testId?: string;
}

export function KpiCard({
  label,
  value,
  reason,
  changePct,
  changeReason,
  changeText,
  series,
  format = (v) => formatCompact(v),
  title,
  note,
  asOfText,
  testId,
}: KpiCardProps) {
  return (
    <div
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-4"
      title={title}
      data-testid={`kpi-${testId ?? label.toLowerCase().replace(/\s+/g, "-")}`}
    >
      <h3 className="text-sm font-medium text-slate-600">{label}</h3>
      {value === null ? (
        <>
          <p className="mt-1 text-2xl font-semibold text-slate-500">
            <span aria-hidden="true">—</span>
            <span className="sr-only">Not available</span>
          </p>
          <p className="mt-1 text-xs text-slate-500">{reason ?? "Not available."}</p>
        </>
      ) : (
        <>
          <p
            className="mt-1 text-2xl font-semibold text-slate-900"
            title={formatNumber(value)}
            data-value={value}
          >
            {format(value)}
          </p>
          <Change changePct={changePct} changeReason={changeReason} changeText={changeText} />
          {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
          {asOfText ? <p className="mt-1 text-[11px] text-slate-500">{asOfText}</p> : null}
        </>
      )}
      {series && series.length > 0 ? (
        <div className="mt-auto pt-3 text-indigo-500">
          <Sparkline series={series} />
        </div>
      ) : null}
    </div>
  );
}

function Change({
  changePct,
  changeReason,
  changeText,
}: Pick<KpiCardProps, "changePct" | "changeReason" | "changeText">) {
  if (changeText) return <p className="mt-1 text-xs text-slate-500">{changeText}</p>;
  if (changePct === undefined) return null;
  if (changePct === null) {
    return (
      <p className="mt-1 text-xs text-slate-500">{changeReason ?? "No comparison available."}</p>
    );
  }
  const direction = changeDirection(changePct);
  const Icon =
    direction === "up" ? ArrowUpRight : direction === "down" ? ArrowDownRight : ArrowRight;
  return (
    <p
      className={cn(
        "mt-1 flex items-center gap-1 text-xs font-medium",
        direction === "up" && "text-emerald-700",
        direction === "down" && "text-rose-700",
        direction === "flat" && "text-slate-500",
      )}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      <span>{formatChangePct(changePct)}</span>
      <span className="font-normal text-slate-500">vs previous period</span>
    </p>
  );
}
