import type { AnalyticsSeriesPoint } from "@sightline/contracts";
import { formatCompact, formatNumber } from "../utils/format.ts";
import { formatDate } from "./top-posts.tsx";

export interface DailySeries {
  label: string;
  /** A fill colour (CSS). */
  color: string;
  points: AnalyticsSeriesPoint[];
}

/**
 * Per-day bars, one bar per series side by side; a day without data has no bar (a gap, never
 * 0). A table with every value serves screen readers.
 */
export function DailyChart({ title, series }: { title: string; series: DailySeries[] }) {
  const days = series[0]?.points.map((point) => point.day) ?? [];
  const values = series.flatMap((s) => s.points.map((p) => p.value)).filter((v) => v !== null);
  const max = Math.max(1, ...(values as number[]));
  const width = 600;
  const height = 160;
  const slot = width / Math.max(1, days.length);
  const group = Math.max(1, slot * 0.75);
  const bar = group / series.length;
  return (
    <div data-chart={title}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        aria-hidden="true"
      >
        <line x1={0} x2={width} y1={height - 0.5} y2={height - 0.5} stroke="#e2e8f0" />
        {series.map((s, seriesIndex) =>
          s.points.map((point, index) =>
            point.value === null ? null : (
              <rect
                key={`${s.label}-${point.day}`}
                x={index * slot + (slot - group) / 2 + seriesIndex * bar}
                y={height - (Math.max(0, point.value) / max) * (height - 4)}
                width={bar}
                height={(Math.max(0, point.value) / max) * (height - 4)}
                fill={s.color}
                rx={1}
              >
                <title>{`${point.day} ${s.label}: ${formatNumber(point.value)}`}</title>
              </rect>
            ),
          ),
        )}
      </svg>
      <div
        className="mt-1 flex flex-wrap justify-between gap-2 text-xs text-slate-500"
        aria-hidden="true"
      >
        <span>{days[0] ? formatDate(days[0]) : ""}</span>
        {series.length > 1 ? (
          <span className="flex gap-3">
            {series.map((s) => (
              <span key={s.label} className="flex items-center gap-1">
                <span className="size-2.5 rounded-sm" style={{ backgroundColor: s.color }} />
                {s.label}
              </span>
            ))}
          </span>
        ) : null}
        <span>Max {formatCompact(max)}</span>
        <span>{days.at(-1) ? formatDate(days.at(-1) ?? "") : ""}</span>
      </div>
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => (
              <tr key={day}>
                <th scope="row">{day}</th>
                {series.map((s) => {
                  const value = s.points[index]?.value ?? null;
                  return (
                    <td key={s.label}>{value === null ? "Not available" : formatNumber(value)}</td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
