import type { AnalyticsPostSummary } from "@sightline/contracts";
import { dateTimeFormat } from "../../../lib/intl-formats.ts";
import { formatCompact, formatRatioPercent } from "../utils/format.ts";
import { PostThumbnail } from "./post-thumbnail.tsx";

export function formatDate(iso: string): string {
  const date = iso.length === 10 ? new Date(`${iso}T00:00:00`) : new Date(iso);
  return dateTimeFormat(undefined, { day: "numeric", month: "short" }).format(date);
}

export function TopPosts({ posts }: { posts: AnalyticsPostSummary[] }) {
  if (posts.length === 0) {
    return <p className="text-sm text-slate-500">No posts were published in this period.</p>;
  }
  return (
    <ol className="divide-y divide-slate-100">
      {posts.map((post) => (
        <li key={post.id} className="flex items-start gap-x-3 gap-y-1 py-3 text-sm">
          <PostThumbnail id={post.id} type={post.type} className="size-12 shrink-0 rounded-lg" />
          <div className="min-w-0 flex-1">
            <div className="flex items-center gap-2 text-xs text-slate-500">
              <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">
                {post.typeLabel}
              </span>
              {post.postedAt ? (
                <time dateTime={post.postedAt}>{formatDate(post.postedAt)}</time>
              ) : null}
            </div>
            <p className="mt-1 truncate text-slate-800">{post.caption || "No caption"}</p>
          </div>
          <dl className="flex gap-4 text-right">
            <div>
              <dt className="text-xs text-slate-500">Reach</dt>
              <dd className="font-semibold text-slate-900">
                {post.reach === null ? "—" : formatCompact(post.reach)}
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Engagement</dt>
              <dd className="font-semibold text-slate-900">
                {post.engagementRate === null ? "—" : formatRatioPercent(post.engagementRate)}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}
