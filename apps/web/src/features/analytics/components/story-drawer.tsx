import type { AnalyticsStoryDetail, AnalyticsStorySnapshot } from "@sightline/contracts";
import { ExternalLink } from "lucide-react";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from "../../../components/ui/sheet.tsx";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { useAnalyticsStory } from "../api/get-analytics-story.ts";
import { formatCompact } from "../utils/format.ts";
import { MetricOverTime } from "./post-drawer.tsx";
import { StoryStatus } from "./story-status.tsx";

const METRICS: Array<{ metric: keyof AnalyticsStorySnapshot; label: string; color: string }> = [
  { metric: "reach", label: "Reach", color: "#6366f1" },
  { metric: "views", label: "Views", color: "#38bdf8" },
  { metric: "replies", label: "Replies", color: "#f59e0b" },
  { metric: "tapsForward", label: "Taps forward", color: "#10b981" },
  { metric: "exits", label: "Exits", color: "#f43f5e" },
];

function DrawerBody({ data }: { data: AnalyticsStoryDetail }) {
  const format = useFormatDateTime();
  const { story, snapshots } = data;
  const figures = [
    { label: "Reach", value: story.reach },
    { label: "Views", value: story.views },
    { label: "Replies", value: story.replies },
    { label: "Taps forward", value: story.tapsForward },
    { label: "Taps back", value: story.tapsBack },
    { label: "Exits", value: story.exits },
    { label: "Swipes forward", value: story.swipesForward },
    { label: "Shares", value: story.shares },
    { label: "Follows", value: story.follows },
    { label: "Profile visits", value: story.profileVisits },
  ];
  const when = (iso: string) => format(iso, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div className="space-y-5">
      <div>
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <StoryStatus status={story.status} />
          {story.postedAt ? <span>Posted {when(story.postedAt)}</span> : null}
        </p>
        {story.caption ? (
          <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800">
            {story.caption}
          </p>
        ) : null}
        <p className="mt-2 text-xs text-slate-500" data-testid="story-as-of">
          {story.asOf
            ? story.status === "final_webhook"
              ? `Final figures from Instagram's expiry report, ${when(story.asOf)}.`
              : story.status === "live"
                ? `Figures as of ${when(story.asOf)}; read again every hour while the story lives.`
                : `Final figures: the last read before the story ended, ${when(story.asOf)}.`
            : "Instagram has given no figures for this story (too few viewers)."}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt className="text-xs text-slate-500">{figure.label}</dt>
            <dd
              className="font-semibold text-slate-900"
              data-testid={`story-drawer-${figure.label.toLowerCase().replaceAll(" ", "-")}`}
            >
              {figure.value === null ? "—" : formatCompact(figure.value)}
            </dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Figures over the story's life</h3>
        <p className="text-xs text-slate-500">
          From each hourly read Sightline stored, and the expiry report.
        </p>
        <div className="mt-2 space-y-2">
          {METRICS.map(({ metric, label, color }) => {
            const points = snapshots.flatMap((snapshot) => {
              const value = snapshot[metric];
              return typeof value === "number" ? [{ capturedAt: snapshot.capturedAt, value }] : [];
            });
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
            <p className="text-sm text-slate-500">Nothing stored over time for this story.</p>
          ) : null}
        </div>
      </div>
      {story.permalink ? (
        <a
          href={story.permalink}
          target="_blank"
          rel="noreferrer noopener"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          Open on Instagram
        </a>
      ) : null}
    </div>
  );
}

/** The story drawer: the post drawer's shape, with a story's figures and their reads. */
export function StoryDrawer({ storyId, onClose }: { storyId: string | null; onClose: () => void }) {
  const query = useAnalyticsStory(storyId);
  return (
    <Sheet open={storyId !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent className="max-w-md" data-testid="story-drawer">
        <SheetTitle className="pr-10 text-lg font-semibold text-slate-900">
          Story details
        </SheetTitle>
        <SheetDescription className="sr-only">
          The story's figures, how they grew while it lived, and its final figures.
        </SheetDescription>
        {query.isPending ? (
          <SkeletonGroup label="Loading the story" className="space-y-3">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-24 w-full" />
          </SkeletonGroup>
        ) : query.isError ? (
          <QueryError
            message="This story could not be loaded."
            onRetry={() => void query.refetch()}
          />
        ) : (
          <DrawerBody data={query.data as AnalyticsStoryDetail} />
        )}
      </SheetContent>
    </Sheet>
  );
}
