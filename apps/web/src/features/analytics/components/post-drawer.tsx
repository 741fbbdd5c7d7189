import { ExternalLink, MessagesSquare, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from "../../../components/ui/sheet.tsx";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { type AnalyticsPostDetail, useAnalyticsPost } from "../api/get-analytics-post.ts";
import { useRefreshAnalyticsPost } from "../api/refresh-analytics-post.ts";
import { formatCompact, formatNumber, formatRatioPercent } from "../utils/format.ts";

const METRICS = [
  { metric: "reach", label: "Reach", color: "#6366f1" },
  { metric: "views", label: "Views", color: "#38bdf8" },
  { metric: "likes", label: "Likes", color: "#f43f5e" },
  { metric: "comments", label: "Comments", color: "#f59e0b" },
  { metric: "saves", label: "Saves", color: "#10b981" },
  { metric: "shares", label: "Shares", color: "#8b5cf6" },
] as const;

type Snapshot = AnalyticsPostDetail["snapshots"][number];

/** One metric's stored snapshots as a line over time (a table for screen readers). */
export function MetricOverTime({
  label,
  color,
  points,
  format,
}: {
  label: string;
  color: string;
  points: Array<Pick<Snapshot, "capturedAt" | "value">>;
  format: (value: Date | string) => string;
}) {
  const width = 300;
  const height = 60;
  const values = points.map((point) => point.value);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const first = Date.parse(points[0]!.capturedAt);
  const span = Math.max(1, Date.parse(points.at(-1)!.capturedAt) - first);
  const path = points
    .map((point, index) => {
      const x =
        points.length === 1 ? width / 2 : ((Date.parse(point.capturedAt) - first) / span) * width;
      const y = height - 4 - ((point.value - min) / (max - min || 1)) * (height - 8);
      return `${index === 0 ? "M" : "L"}${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
  return (
    <div className="rounded-lg border border-slate-100 p-3">
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="tabular-nums text-slate-900">{formatNumber(points.at(-1)!.value)}</span>
      </div>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="mt-1 h-12 w-full"
        aria-hidden="true"
      >
        <path
          d={path}
          fill="none"
          stroke={color}
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
        {points.length === 1 ? <circle cx={width / 2} cy={height / 2} r={3} fill={color} /> : null}
      </svg>
      <p className="text-xs text-slate-500" aria-hidden="true">
        {points.length} {points.length === 1 ? "snapshot" : "snapshots"}, first{" "}
        {format(points[0]!.capturedAt)}
      </p>
      <div className="sr-only">
        <table>
          <caption>{label} over time</caption>
          <thead>
            <tr>
              <th scope="col">Captured</th>
              <th scope="col">{label}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.capturedAt}>
                <td>{format(point.capturedAt)}</td>
                <td>{formatNumber(point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** "Figures as of 14:05" and a Refresh that reads this one post now. */
function RefreshRow({ id, asOf }: { id: string; asOf: string | null }) {
  const format = useFormatDateTime();
  const refresh = useRefreshAnalyticsPost(id);
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
      <span data-testid="post-as-of">
        {asOf
          ? `Figures as of ${format(asOf, { dateStyle: "medium", timeStyle: "short" })}`
          : "Instagram has given no figures for this post yet."}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={refresh.isPending}
        onClick={() => refresh.mutate()}
      >
        <RefreshCw aria-hidden="true" className={refresh.isPending ? "animate-spin" : ""} />
        Refresh
      </Button>
      {refresh.isError ? (
        <p role="alert" className="w-full text-rose-700">
          {refresh.error instanceof Error
            ? refresh.error.message
            : "The post could not be refreshed."}
        </p>
      ) : null}
    </div>
  );
}

function DrawerBody({ data }: { data: AnalyticsPostDetail }) {
  const format = useFormatDateTime();
  const { post, snapshots, storedComments } = data;
  const figures = [
    { label: "Reach", value: post.reach },
    { label: "Views", value: post.views },
    { label: "Likes", value: post.likes },
    { label: "Comments", value: post.comments },
    { label: "Saves", value: post.saves },
    { label: "Shares", value: post.shares },
  ];
  return (
    <div className="space-y-5">
      <div>
        <p className="text-xs text-slate-500">
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">
            {post.typeLabel}
          </span>{" "}
          {post.postedAt ? format(post.postedAt, { dateStyle: "medium", timeStyle: "short" }) : ""}
        </p>
        <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800">
          {post.caption || "No caption"}
        </p>
        {post.hashtags.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Hashtags">
            {post.hashtags.map((tag) => (
              <li
                key={tag}
                className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-700"
              >
                #{tag}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <RefreshRow id={post.id} asOf={post.metricsAsOf} />
      <dl className="grid grid-cols-3 gap-3">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-xs text-slate-500">{figure.label}</dt>
            <dd
              className="font-semibold text-slate-900"
              data-testid={`drawer-${figure.label.toLowerCase()}`}
            >
              {figure.value === null ? "—" : formatCompact(figure.value)}
            </dd>
          </div>
        ))}
        <div title="Engagement rate = interactions ÷ reach (this post's accounts reached)">
          <dt className="text-xs text-slate-500">Engagement</dt>
          <dd className="font-semibold text-slate-900">
            {post.engagementRate === null ? "—" : formatRatioPercent(post.engagementRate)}
          </dd>
        </div>
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Metrics over time</h3>
        <p className="text-xs text-slate-500">From the snapshots Sightline stored at each sync.</p>
        <div className="mt-2 space-y-2">
          {METRICS.map(({ metric, label, color }) => {
            const points = snapshots.filter((snapshot) => snapshot.metric === metric);
            return points.length === 0 ? null : (
              <MetricOverTime
                key={metric}
                label={label}
                color={color}
                points={points}
                format={(v) => format(v, { dateStyle: "medium", timeStyle: "short" })}
              />
            );
          })}
          {snapshots.length === 0 ? (
            <p className="text-sm text-slate-500">
              Instagram gave no insights for this post, so nothing is stored over time.
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-3 text-sm">
        <Link
          to={`/messages?conversation=${encodeURIComponent(post.id)}`}
          className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline"
        >
          <MessagesSquare className="size-4" aria-hidden="true" />
          {storedComments === 1 ? "1 comment" : `${formatNumber(storedComments)} comments`} in
          Messages
        </Link>
        {post.permalink ? (
          <a
            href={post.permalink}
            target="_blank"
            rel="noreferrer noopener"
            className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            Open on Instagram
          </a>
        ) : null}
      </div>
    </div>
  );
}

/** The post drawer (issue 16 point 3): the post's figures, their history, caption and links. */
export function PostDrawer({ postId, onClose }: { postId: string | null; onClose: () => void }) {
  const query = useAnalyticsPost(postId);
  return (
    <Sheet open={postId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent className="max-w-md" data-testid="post-drawer">
        <SheetTitle className="pr-10 text-lg font-semibold text-slate-900">Post details</SheetTitle>
        <SheetDescription className="sr-only">
          The post's figures, their history, caption, hashtags and comments.
        </SheetDescription>
        {query.isPending ? (
          <SkeletonGroup label="Loading the post" className="space-y-3">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </SkeletonGroup>
        ) : query.isError ? (
          <QueryError
            message="This post could not be loaded."
            onRetry={() => void query.refetch()}
          />
        ) : (
          <DrawerBody data={query.data} />
        )}
      </SheetContent>
    </Sheet>
  );
}
