import type { AnalyticsSeriesPoint } from "@sightline/contracts";

/** A small inline line of a series; a missing day breaks the line (a gap, not 0). */
export function Sparkline({
  series,
  className,
}: {
  series: AnalyticsSeriesPoint[];
  className?: string;
}) {
  const values = series.map((point) => point.value).filter((v): v is number => v !== null);
  if (values.length === 0) return null;
  const width = 100;
  const height = 28;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = series.length > 1 ? width / (series.length - 1) : 0;
  const segments: string[] = [];
  let current = "";
  series.forEach((point, index) => {
    if (point.value === null) {
      if (current) segments.push(current);
      current = "";
      return;
    }
    const x = (index * step).toFixed(2);
    const y = (height - 2 - ((point.value - min) / span) * (height - 4)).toFixed(2);
    current += `${current ? "L" : "M"}${x},${y}`;
  });
  if (current) segments.push(current);
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      className={className ?? "h-7 w-full"}
      aria-hidden="true"
    >
      {segments.map((d) =>
        d.includes("L") ? (
          <path
            key={d}
            d={d}
            fill="none"
            stroke="currentColor"
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
          />
        ) : (
          <circle
            key={d}
            cx={d.slice(1).split(",")[0]}
            cy={d.split(",")[1]}
            r={1.2}
            fill="currentColor"
          />
        ),
      )}
    </svg>
  );
}
