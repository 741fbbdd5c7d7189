import { formatCount, formatDay } from "../utils/format.ts";

type Point = { day: string; value: number | null };

/** Reach per day as a line (gaps where a day is not stored), drawn as SVG like the PDF's. */
export function ReportLineChart({
  series,
  color,
  label,
}: {
  series: Point[];
  color: string;
  label: string;
}) {
  const values = series.flatMap((point) => (point.value === null ? [] : [point.value]));
  const max = Math.max(1, ...values);
  const width = 600;
  const height = 120;
  const step = series.length > 1 ? width / (series.length - 1) : 0;
  let path = "";
  let drawing = false;
  series.forEach((point, index) => {
    if (point.value === null) {
      drawing = false;
      return;
    }
    const x = index * step;
    const y = height - (point.value / max) * height;
    path += `${drawing ? "L" : "M"}${x.toFixed(1)},${y.toFixed(1)}`;
    drawing = true;
  });
  return (
    <figure className="mt-2">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-32 w-full overflow-visible"
        role="img"
        aria-label={`${label}: highest ${formatCount(values.length ? Math.max(...values) : null)}`}
      >
        <line x1="0" x2={width} y1={height} y2={height} stroke="#e2e8f0" />
        <path
          d={path}
          fill="none"
          stroke={color}
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{formatDay(series[0]?.day ?? null)}</span>
        <span>{formatDay(series.at(-1)?.day ?? null)}</span>
      </figcaption>
    </figure>
  );
}

/** New followers per day as bars. */
export function ReportBarChart({
  series,
  color,
  label,
}: {
  series: Point[];
  color: string;
  label: string;
}) {
  const values = series.flatMap((point) => (point.value === null ? [] : [point.value]));
  const max = Math.max(1, ...values);
  const width = 600;
  const height = 100;
  const slot = series.length > 0 ? width / series.length : width;
  return (
    <figure className="mt-2">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-24 w-full"
        role="img"
        aria-label={`${label}: ${values.length} of ${series.length} days stored`}
      >
        <line x1="0" x2={width} y1={height} y2={height} stroke="#e2e8f0" />
        {series.map((point, index) =>
          point.value !== null && point.value > 0 ? (
            <rect
              key={point.day}
              x={index * slot + slot * 0.15}
              width={slot * 0.7}
              y={height - (point.value / max) * height}
              height={(point.value / max) * height}
              fill={color}
            />
          ) : null,
        )}
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{formatDay(series[0]?.day ?? null)}</span>
        <span>{formatDay(series.at(-1)?.day ?? null)}</span>
      </figcaption>
    </figure>
  );
}
