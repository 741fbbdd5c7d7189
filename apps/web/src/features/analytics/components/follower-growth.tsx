import { dateTimeFormat } from "../../../lib/intl-formats.ts";
import type { ConnectedAudienceInsights } from "../api/get-audience-insights.ts";
import {
  formatChangePct,
  formatCompact,
  formatNumber,
  formatSignedCount,
} from "../utils/format.ts";
import { formatDate } from "./top-posts.tsx";

type Growth = ConnectedAudienceInsights["growth"];

/** Follows above the line, unfollows below it; a day without data has no bars. */
function FollowsChart({ series }: { series: Growth["series"] }) {
  const width = 600;
  const height = 160;
  const mid = height / 2;
  const max = Math.max(1, ...series.flatMap((day) => [day.follows ?? 0, day.unfollows ?? 0]));
  const slot = width / Math.max(1, series.length);
  const bar = Math.max(1, slot * 0.7);
  const scale = (value: number) => (value / max) * (mid - 2);
  return (
    <div>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="h-40 w-full"
        aria-hidden="true"
      >
        <line x1={0} x2={width} y1={mid} y2={mid} stroke="#cbd5e1" />
        {series.map((day, index) => (
          <g key={day.day}>
            {day.follows !== null ? (
              <rect
                x={index * slot + (slot - bar) / 2}
                y={mid - scale(day.follows)}
                width={bar}
                height={scale(day.follows)}
                fill="#10b981"
                rx={1}
              >
                <title>{`${day.day}: ${formatNumber(day.follows)} follows`}</title>
              </rect>
            ) : null}
            {day.unfollows !== null ? (
              <rect
                x={index * slot + (slot - bar) / 2}
                y={mid}
                width={bar}
                height={scale(day.unfollows)}
                fill="#f43f5e"
                rx={1}
              >
                <title>{`${day.day}: ${formatNumber(day.unfollows)} unfollows`}</title>
              </rect>
            ) : null}
          </g>
        ))}
      </svg>
      <div
        className="mt-1 flex flex-wrap justify-between gap-2 text-xs text-slate-500"
        aria-hidden="true"
      >
        <span>{series[0] ? formatDate(series[0].day) : ""}</span>
        <span className="flex gap-3">
          <span className="flex items-center gap-1">
            <span className="size-2.5 rounded-sm bg-emerald-500" /> Follows
          </span>
          <span className="flex items-center gap-1">
            <span className="size-2.5 rounded-sm bg-rose-500" /> Unfollows
          </span>
        </span>
        <span>{series.at(-1) ? formatDate(series.at(-1)?.day ?? "") : ""}</span>
      </div>
      <div className="sr-only">
        <table>
          <caption>Follows and unfollows per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Follows</th>
              <th scope="col">Unfollows</th>
            </tr>
          </thead>
          <tbody>
            {series.map((day) => (
              <tr key={day.day}>
                <th scope="row">{day.day}</th>
                <td>{day.follows === null ? "Not available" : formatNumber(day.follows)}</td>
                <td>{day.unfollows === null ? "Not available" : formatNumber(day.unfollows)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export function FollowerGrowth({
  growth,
  followersCount,
}: {
  growth: Growth;
  followersCount: number | null;
}) {
  const { rate, projection } = growth;
  return (
    <section
      aria-labelledby="growth-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="growth-heading" className="font-semibold text-slate-900">
        Follower growth
      </h2>
      <p className="text-xs text-slate-500">
        {formatDate(growth.from)} – {formatDate(growth.to)}
      </p>
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-500">Followers now</dt>
          <dd className="text-xl font-semibold text-slate-900" data-testid="followers-now">
            {followersCount === null ? "—" : formatNumber(followersCount)}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Net change</dt>
          <dd className="text-xl font-semibold text-slate-900">
            {rate ? formatSignedCount(rate.netChange) : "—"}
          </dd>
          {rate ? (
            <dd className="text-xs text-slate-500">
              {formatNumber(rate.follows)} follows, {formatNumber(rate.unfollows)} unfollows
            </dd>
          ) : null}
        </div>
        <div title="Growth rate = net change ÷ followers at the start of the period">
          <dt className="text-xs text-slate-500">Growth rate</dt>
          <dd className="text-xl font-semibold text-slate-900" data-testid="growth-rate">
            {rate?.ratePct == null ? "—" : formatChangePct(rate.ratePct)}
          </dd>
          {rate ? (
            <dd className="text-xs text-slate-500">
              over {rate.days} days, from {formatNumber(rate.startFollowers)}
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-xs text-slate-500">
            Next milestone{projection ? `: ${formatCompact(projection.milestone)}` : ""}
          </dt>
          <dd className="text-xl font-semibold text-slate-900" data-testid="milestone-date">
            {projection && "date" in projection
              ? dateTimeFormat(undefined, {
                  day: "numeric",
                  month: "short",
                  year: "numeric",
                }).format(new Date(`${projection.date}T00:00:00`))
              : "—"}
          </dd>
          {projection && "date" in projection ? (
            <dd className="text-xs text-slate-500">in {formatNumber(projection.daysToGo)} days</dd>
          ) : null}
        </div>
      </dl>
      {projection ? (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-xs text-slate-600">
          {"assumption" in projection ? projection.assumption : projection.reason}
        </p>
      ) : null}
      <div className="mt-4">
        {growth.notice ? (
          <p className="text-sm text-slate-600">{growth.notice}</p>
        ) : (
          <>
            <FollowsChart series={growth.series} />
            {growth.missingDaysNote ? (
              <p className="mt-2 text-xs text-slate-500">{growth.missingDaysNote}</p>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}
