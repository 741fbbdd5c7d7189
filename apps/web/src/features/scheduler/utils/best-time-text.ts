import { numberFormat } from "../../../lib/intl-formats.ts";
/** What the week view's shaded hours say (issue 14: followers online, past engagement). */
export function bestTimeText(hint: {
  online_followers: number | null;
  posts: number;
  engagement_rate: number | null;
}): string {
  const reasons: string[] = [];
  if (hint.online_followers !== null) {
    reasons.push(
      `about ${numberFormat().format(hint.online_followers)} of your followers are online then on average`,
    );
  }
  if (hint.posts > 0 && hint.engagement_rate !== null) {
    const rate = numberFormat(undefined, {
      style: "percent",
      maximumFractionDigits: 1,
    }).format(hint.engagement_rate);
    reasons.push(
      `your ${hint.posts} past ${hint.posts === 1 ? "post" : "posts"} at this hour averaged ${rate} engagement`,
    );
  }
  const why = reasons.length > 0 ? reasons.join("; ") : "your account's activity favours it";
  return `Good time to post: ${why}.`;
}
