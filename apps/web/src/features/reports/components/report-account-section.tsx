import type { ReactNode } from "react";
import { ResponseTimesTable } from "../../../components/response-times-table.tsx";
import type { ReportAccountData, ReportData } from "../api/get-report-data.ts";
import { formatChange, formatCount, formatDay, formatRate } from "../utils/format.ts";
import { ReportBarChart, ReportLineChart } from "./report-charts.tsx";
import { ReportPostThumbnail, reportPostThumbnailUrl } from "./report-post-thumbnail.tsx";

const kpiOrder = [
  "reach",
  "accountsEngaged",
  "views",
  "interactions",
  "profileVisits",
  "websiteTaps",
] as const;

const breakdownLabels: Record<string, string> = {
  age: "Age",
  gender: "Gender",
  "age,gender": "Age and gender",
  country: "Country",
  city: "City",
};

function Section({
  title,
  color,
  children,
}: {
  title: string;
  color: string;
  children: ReactNode;
}) {
  return (
    <section className="mt-6">
      <h4 className="border-b border-slate-200 pb-1.5 text-base font-semibold" style={{ color }}>
        {title}
      </h4>
      <div className="mt-3">{children}</div>
    </section>
  );
}

type Post = {
  id: string;
  postedAt: string | null;
  typeLabel: string;
  caption: string | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  engagementRate: number | null;
  views?: number | null;
  saves?: number | null;
};

function PostsTable({
  posts,
  zone,
  full,
  thumbnailOf,
}: {
  posts: Post[];
  zone: string;
  full: boolean;
  /** The top posts show each post's picture in a first column. */
  thumbnailOf?: (postId: string) => string;
}) {
  if (posts.length === 0) {
    return <p className="text-sm text-slate-600">No posts were published in this period.</p>;
  }
  const numeric = "px-2 py-2 text-right tabular-nums";
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[40rem] text-sm">
        <thead className="text-left text-xs text-slate-500">
          <tr>
            {thumbnailOf ? (
              <th className="w-14 px-2 py-2 font-medium">
                <span className="sr-only">Picture</span>
              </th>
            ) : null}
            <th className="px-2 py-2 font-medium">Posted</th>
            <th className="px-2 py-2 font-medium">Type</th>
            <th className="px-2 py-2 font-medium">Caption</th>
            <th className={`${numeric} font-medium`}>Reach</th>
            {full ? <th className={`${numeric} font-medium`}>Views</th> : null}
            <th className={`${numeric} font-medium`}>Likes</th>
            <th className={`${numeric} font-medium`}>Comments</th>
            {full ? <th className={`${numeric} font-medium`}>Saves</th> : null}
            <th className={`${numeric} font-medium`}>Eng. rate</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {posts.map((post) => (
            <tr key={post.id}>
              {thumbnailOf ? (
                <td className="px-2 py-1.5">
                  <ReportPostThumbnail src={thumbnailOf(post.id)} />
                </td>
              ) : null}
              <td className="whitespace-nowrap px-2 py-2 text-slate-700">
                {formatDay(post.postedAt, zone)}
              </td>
              <td className="px-2 py-2 text-slate-700">{post.typeLabel}</td>
              <td className="max-w-[18rem] truncate px-2 py-2 text-slate-900">{post.caption}</td>
              <td className={numeric}>{formatCount(post.reach)}</td>
              {full ? <td className={numeric}>{formatCount(post.views)}</td> : null}
              <td className={numeric}>{formatCount(post.likes)}</td>
              <td className={numeric}>{formatCount(post.comments)}</td>
              {full ? <td className={numeric}>{formatCount(post.saves)}</td> : null}
              <td className={numeric}>{formatRate(post.engagementRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type ResponseTimes = NonNullable<Extract<ReportAccountData, { connected: true }>["responseTimes"]>;

/** The same rows, in the same order, as the PDF's table. */
function ResponseTimesSection({ figures }: { figures: ResponseTimes }) {
  return (
    <div className="overflow-x-auto">
      <p className="mb-2 text-sm text-slate-600">
        Time from a person's first unanswered comment or message to the account's reply, for what
        arrived in the period.
      </p>
      <ResponseTimesTable figures={figures} className="max-w-xl" testId="report-response-times" />
    </div>
  );
}

/** One account's part of the web view: the same sections, in the same order, as the PDF. */
export function ReportAccountSection({
  account,
  report,
  period,
}: {
  account: ReportAccountData;
  report: ReportData["report"];
  period: ReportData["period"];
}) {
  const color = report.accentColor;
  if (!account.connected) {
    return (
      <article className="rounded-2xl border border-slate-200 bg-white p-5">
        <h3 className="text-xl font-bold text-slate-900">Account {account.accountId}</h3>
        <p className="mt-1 text-sm text-slate-600">
          This account is no longer connected to the workspace: it has no figures.
        </p>
      </article>
    );
  }
  const { kpis, topPosts } = account.overview;
  const has = (section: string) => report.sections.includes(section as never);
  const cells = [
    {
      label: "Followers",
      value: formatCount(kpis.followers.value),
      change:
        kpis.followers.change === null
          ? "no growth stored"
          : `${kpis.followers.change >= 0 ? "+" : ""}${formatCount(kpis.followers.change)} new in the period`,
    },
    ...kpiOrder.map((name) => ({
      label: kpis[name].label,
      value: formatCount(kpis[name].value),
      change: formatChange(kpis[name].changePct),
    })),
    {
      label: kpis.engagementRate.label,
      value: formatRate(kpis.engagementRate.value),
      change: formatChange(kpis.engagementRate.changePct),
    },
  ];
  return (
    <article
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
      data-testid="report-account"
    >
      <h3 className="text-xl font-bold text-slate-900">@{account.username}</h3>
      {account.name ? <p className="text-sm text-slate-500">{account.name}</p> : null}

      {has("kpis") ? (
        <Section title="Key figures" color={color}>
          <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            {cells.map((cell) => (
              <div key={cell.label} className="rounded-xl border border-slate-200 p-3">
                <dt className="truncate text-xs text-slate-500" title={cell.label}>
                  {cell.label}
                </dt>
                <dd className="mt-1 text-xl font-bold tabular-nums text-slate-900">{cell.value}</dd>
                <dd className="mt-0.5 text-xs text-slate-500">{cell.change}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm font-medium text-slate-700">Reach per day</p>
          <ReportLineChart series={kpis.reach.series} color={color} label="Reach per day" />
        </Section>
      ) : null}

      {has("growth") ? (
        <Section title="Follower growth" color={color}>
          <p className="text-sm text-slate-600">
            {kpis.followers.net
              ? `Net growth ${kpis.followers.net.value >= 0 ? "+" : ""}${formatCount(kpis.followers.net.value)} (${formatCount(kpis.followers.net.follows)} follows, ${formatCount(kpis.followers.net.unfollows)} unfollows over ${kpis.followers.net.days} stored days).`
              : "No follows and unfollows are stored for this period."}{" "}
            Bars: new followers per day.
          </p>
          <ReportBarChart
            series={kpis.followers.series}
            color={color}
            label="New followers per day"
          />
        </Section>
      ) : null}

      {has("top-posts") ? (
        <Section title="Top posts by reach" color={color}>
          <PostsTable
            posts={topPosts}
            zone={report.timeZone}
            full={false}
            thumbnailOf={(postId) => reportPostThumbnailUrl(report.id, postId, period)}
          />
        </Section>
      ) : null}

      {has("audience") && account.audience ? (
        <Section title="Audience" color={color}>
          <p className="text-sm text-slate-700">
            {formatCount(account.audience.followersCount)} followers
            {account.audience.growth.rate && account.audience.growth.rate.ratePct !== null
              ? `; ${account.audience.growth.rate.netChange >= 0 ? "+" : ""}${formatCount(account.audience.growth.rate.netChange)} (${account.audience.growth.rate.ratePct.toFixed(1)}%) over the ${account.audience.growth.rate.days} days to ${formatDay(account.audience.growth.rate.to)}`
              : ""}
            .
          </p>
          {account.audience.demographicsLocked ? (
            <p className="mt-2 text-sm text-slate-600">
              Demographics are advanced analytics, not in this workspace's plan.
            </p>
          ) : (
            <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
              {Object.entries(account.audience.demographics).flatMap(([breakdown, snapshot]) =>
                snapshot
                  ? [
                      <dt key={`${breakdown}-t`} className="text-sm font-medium text-slate-700">
                        {breakdownLabels[breakdown] ?? breakdown}
                      </dt>,
                      <dd key={`${breakdown}-d`} className="text-sm text-slate-600">
                        {[...snapshot.buckets]
                          .sort((a, b) => b.value - a.value)
                          .slice(0, 3)
                          .map(
                            (bucket) =>
                              `${bucket.dimensions.join(" ")} ${formatRate(bucket.share)}`,
                          )
                          .join(", ")}
                      </dd>,
                    ]
                  : [],
              )}
            </dl>
          )}
        </Section>
      ) : null}

      {has("posts-table") ? (
        <Section title="Post performance" color={color}>
          <PostsTable posts={account.posts} zone={report.timeZone} full />
        </Section>
      ) : null}

      {has("response-times") && account.responseTimes ? (
        <Section title="Inbox response times" color={color}>
          <ResponseTimesSection figures={account.responseTimes} />
        </Section>
      ) : null}

      {has("analyst") ? (
        <Section title="The Analyst's explanations" color={color}>
          {account.analyst ? (
            <div className="space-y-2 text-sm text-slate-700">
              <p className="font-semibold text-slate-900">{account.analyst.headline}</p>
              {account.analyst.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              <p className="text-xs text-slate-500">
                {account.analyst.writer}, {formatDay(account.analyst.computedAt, report.timeZone)}.
              </p>
            </div>
          ) : (
            <p className="text-sm text-slate-600">
              The AI team's Analyst has not written about this account yet.
            </p>
          )}
        </Section>
      ) : null}
    </article>
  );
}
