import type { AnalyticsPostListItem } from "@sightline/contracts";
import { csvCell } from "../../lib/csv.ts";

export { csvCell };

/** Most rows one export holds (a table this long is a report, not a screen). */
export const CSV_MAX_ROWS = 10_000;

const columns: Array<[string, (post: AnalyticsPostListItem) => string | number | null]> = [
  ["posted_at", (post) => post.postedAt],
  ["type", (post) => post.typeLabel],
  ["reach", (post) => post.reach],
  ["views", (post) => post.views],
  ["likes", (post) => post.likes],
  ["comments", (post) => post.comments],
  ["saves", (post) => post.saves],
  ["shares", (post) => post.shares],
  [
    "engagement_rate",
    (post) => (post.engagementRate === null ? null : Number(post.engagementRate.toFixed(6))),
  ],
  ["permalink", (post) => post.permalink],
  ["caption", (post) => post.caption],
  ["id", (post) => post.id],
];

export function postsCsv(posts: AnalyticsPostListItem[]): string {
  const lines = [columns.map(([name]) => name).join(",")];
  for (const post of posts) lines.push(columns.map(([, read]) => csvCell(read(post))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
