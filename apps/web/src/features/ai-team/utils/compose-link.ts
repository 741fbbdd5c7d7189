import { zonedParts } from "@sightline/contracts";

/**
 * The composer's deep link for a Creator idea ('Pre-filled from: Creator: <title>'): caption,
 * hashtags and the suggested slot, as a date and time on the user's calendar.
 */
export function composeLink(
  action: { campaign: string; caption: string; hashtags: string[]; scheduledAt: string | null },
  timeZone: string,
  base = "/content-scheduler",
): string {
  const query = new URLSearchParams({ compose: "1", campaign: action.campaign });
  if (action.caption) query.set("caption", action.caption);
  if (action.hashtags.length > 0) {
    query.set("hashtags", action.hashtags.map((tag) => tag.replace(/^#/, "")).join(","));
  }
  if (action.scheduledAt) {
    const parts = zonedParts(new Date(action.scheduledAt), timeZone);
    query.set("date", parts.date);
    query.set(
      "time",
      `${String(parts.hour).padStart(2, "0")}:${String(parts.minute).padStart(2, "0")}`,
    );
  }
  return `${base}?${query.toString().replace(/\+/g, "%20")}`;
}
