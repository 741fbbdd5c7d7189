import { LockedFeature } from "../../../components/feedback/locked-feature.tsx";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { usePlanLock, useWorkspacePlan } from "../../../lib/workspaces.ts";
import { type BenchmarksPeriod, useAnalyticsBenchmarks } from "../api/get-analytics-benchmarks.ts";
import { formatCompact, formatNumber, formatRatioPercent } from "../utils/format.ts";

/** Benchmarks (issue 16 point 3) over the same period as the table, from stored insights. */
export function PostBenchmarks({
  period,
  timeZone,
  onOpenPost,
}: {
  period: BenchmarksPeriod;
  timeZone: string;
  onOpenPost: (id: string) => void;
}) {
  // Benchmarks and hashtag performance are advanced analytics (issue 30): asked for only once the
  // plan is known to include them; otherwise the card stays, locked.
  const plan = useWorkspacePlan();
  const lock = usePlanLock("advancedAnalytics");
  const query = useAnalyticsBenchmarks(period, timeZone, {
    enabled: plan !== undefined && lock === null,
  });
  return (
    <section
      aria-labelledby="benchmarks-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id="benchmarks-heading" className="font-semibold text-slate-900">
        Benchmarks
      </h2>
      {lock ? (
        <LockedFeature detail={lock} />
      ) : query.isPending ? (
        <SkeletonGroup label="Loading benchmarks" className="mt-3 grid gap-4 lg:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-32" />
          ))}
        </SkeletonGroup>
      ) : query.isError ? (
        <div className="mt-3">
          <QueryError
            message="The benchmarks could not be loaded."
            onRetry={() => void query.refetch()}
          />
        </div>
      ) : !query.data.connected || query.data.posts === 0 ? (
        <p className="mt-2 text-sm text-slate-500">
          No post in this period has both reach and interactions stored.
        </p>
      ) : (
        <>
          <p className="text-xs text-slate-500">
            Over {formatNumber(query.data.posts)} posts with reach and interactions stored;
            engagement rate = total interactions ÷ reach.
          </p>
          <div className="mt-3 grid grid-cols-1 gap-6 lg:grid-cols-3">
            <div className="min-w-0">
              <h3 className="text-sm font-medium text-slate-700">Median per type</h3>
              <table className="mt-2 w-full text-sm">
                <thead className="text-left text-xs text-slate-500">
                  <tr>
                    <th scope="col" className="py-1 font-medium">
                      Type
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Posts
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Reach
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Engagement
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {query.data.byType.map((row) => (
                    <tr key={row.type}>
                      <th scope="row" className="py-1.5 text-left font-normal text-slate-800">
                        {row.type}
                      </th>
                      <td className="py-1.5 text-right tabular-nums">{formatNumber(row.posts)}</td>
                      <td className="py-1.5 text-right tabular-nums">
                        {row.medianReach === null ? "—" : formatCompact(row.medianReach)}
                      </td>
                      <td className="py-1.5 text-right tabular-nums">
                        {row.medianEngagementRate === null
                          ? "—"
                          : formatRatioPercent(row.medianEngagementRate)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="min-w-0">
              <h3 className="text-sm font-medium text-slate-700">Best and worst by engagement</h3>
              <ol className="mt-2 space-y-1 text-sm">
                {[
                  ...query.data.best.map((post) => ({ ...post, tone: "text-emerald-700" })),
                  ...query.data.worst.map((post) => ({ ...post, tone: "text-rose-700" })),
                ].map((post) => (
                  <li key={post.id}>
                    <button
                      type="button"
                      onClick={() => onOpenPost(post.id)}
                      className="flex w-full items-center gap-2 rounded px-1 py-0.5 text-left hover:bg-slate-50"
                    >
                      <span className={`w-14 shrink-0 tabular-nums font-medium ${post.tone}`}>
                        {formatRatioPercent(post.engagementRate)}
                      </span>
                      <span className="min-w-0 flex-1 truncate text-slate-700">
                        {post.type} · {post.caption || "No caption"}
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
            </div>
            <div className="min-w-0">
              <h3 className="text-sm font-medium text-slate-700">Hashtags by median reach</h3>
              {query.data.hashtags.length === 0 ? (
                <p className="mt-2 text-sm text-slate-500">No hashtags in these posts.</p>
              ) : (
                <table className="mt-2 w-full text-sm">
                  <thead className="text-left text-xs text-slate-500">
                    <tr>
                      <th scope="col" className="py-1 font-medium">
                        Hashtag
                      </th>
                      <th scope="col" className="py-1 text-right font-medium">
                        Median reach
                      </th>
                      <th scope="col" className="py-1 text-right font-medium">
                        Posts
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100">
                    {query.data.hashtags.slice(0, 8).map((tag) => (
                      <tr key={tag.tag}>
                        <th
                          scope="row"
                          className="max-w-0 truncate py-1.5 text-left font-normal text-slate-800"
                        >
                          #{tag.tag}
                        </th>
                        <td className="py-1.5 text-right tabular-nums">
                          {formatCompact(tag.medianReach)}
                        </td>
                        <td className="py-1.5 text-right tabular-nums">
                          {formatNumber(tag.posts)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
