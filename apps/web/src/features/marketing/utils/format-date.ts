import { dateTimeFormat } from "../../../lib/intl-formats.ts";
/** "November 4, 2026" / "4 de noviembre de 2026"; dates are calendar days, so read them in UTC. */
export function formatDate(isoDate: string, language: "en" | "es"): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateTimeFormat(language === "es" ? "es" : "en-US", {
    dateStyle: "long",
    timeZone: "UTC",
  }).format(date);
}
