import type { AnalyticsPostListItem } from "@sightline/contracts";

/** Most rows one export holds (a table this long is a report, not a screen). */
export const CSV_MAX_ROWS = 10_000;

/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a cell a spreadsheet would
 * read as a formula (=, +, -, @, tab, CR) starts with an apostrophe instead.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

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
