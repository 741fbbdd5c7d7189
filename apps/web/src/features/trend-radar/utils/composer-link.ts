import { paths } from "../../../config/paths.ts";

/**
 * Opens the composer pre-filled from Trend Radar ('Pre-filled from: Trend Radar', spec §2):
 * the app shell reads compose, campaign and hashtags from the query on any page.
 */
export function composerLink(hashtags: readonly string[]): string {
  const query = new URLSearchParams({ compose: "1", campaign: "Trend Radar" });
  return `${paths.contentScheduler}?${query.toString().replace(/\+/g, "%20")}&hashtags=${hashtags
    .map((tag) => encodeURIComponent(tag))
    .join(",")}`;
}
