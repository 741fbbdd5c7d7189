/*
 * How a client report writes its figures (decision 038), one set of rules for the PDF and the
 * e-mail (server features/reports) and the web view (web features/reports), so the page and the
 * file read alike. Whole counts with thousands separators; a rate as a percentage with one
 * decimal; a change with its sign, or why it is not compared.
 */

const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 1 });

export function formatCount(value: number | null | undefined): string {
  if (value === null || value === undefined) return "–";
  return Number.isInteger(value) ? whole.format(value) : oneDecimal.format(value);
}

export function formatRate(value: number | null | undefined): string {
  if (value === null || value === undefined) return "–";
  return `${(value * 100).toFixed(1)}%`;
}

export function formatChange(changePct: number | null | undefined): string {
  if (changePct === null || changePct === undefined) return "not compared";
  const rounded = Math.round(changePct * 10) / 10;
  return `${rounded > 0 ? "+" : ""}${rounded.toFixed(1)}% vs previous`;
}

/** A day (YYYY-MM-DD) as written, or an instant on the report's calendar. */
export function formatDay(iso: string | null, timeZone = "UTC"): string {
  if (!iso) return "–";
  const isDay = iso.length === 10;
  return new Intl.DateTimeFormat("en", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: isDay ? "UTC" : timeZone,
  }).format(new Date(isDay ? `${iso}T00:00:00Z` : iso));
}
