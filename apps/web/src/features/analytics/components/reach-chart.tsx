import type { AnalyticsSeriesPoint } from "@sightline/contracts";
import { formatCompact, formatNumber } from "../utils/format.ts";
import { formatDate } from "./top-posts.tsx";

/** Reach per day as bars; a day without data has no bar. A hidden table serves screen readers. */
export function ReachChart({ series }: { series: AnalyticsSeriesPoint[] }) {
  const values = series.map((p) => p.value).filter((v): v is number => v !== null);
  const max = Math.max(1, ...values);
  const width = 600;
  const height = 160;
  const slot = width / Math.max(1, series.length);
  const bar = Math.max(1, slot * 0.7);
  return (
    <div>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-40 w-full text-indigo-500"
        aria-hidden="true"
      >
        <line x1={0} x2={width} y1={height - 0.5} y2={height - 0.5} stroke="#e2e8f0" />
        {series.map((point, index) =>
          point.value === null ? null : (
            <rect
              key={point.day}
              x={index * slot + (slot - bar) / 2}
              y={height - (point.value / max) * (height - 4)}
              width={bar}
              height={(point.value / max) * (height - 4)}
              fill="currentColor"
              rx={1}
            >
              <title>{`${point.day}: ${formatNumber(point.value)}`}</title>
            </rect>
          ),
        )}
      </svg>
      <div className="mt-1 flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{series[0] ? formatDate(series[0].day) : ""}</span>
        <span>Max {formatCompact(max)}</span>
        <span>{series.at(-1) ? formatDate(series.at(-1)?.day ?? "") : ""}</span>
      </div>
      <div className="sr-only">
        <table>
          <caption>Reach per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Reach</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point) => (
              <tr key={point.day}>
                <td>{point.day}</td>
                <td>{point.value === null ? "Not available" : formatNumber(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
