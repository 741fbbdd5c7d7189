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

/**
 * A duration in seconds as a person says it: "45 s", "12 min", "3 h 5 min", "2 d 4 h". Each is
 * rounded to its smallest unit, so 59.6 seconds reads "1 min" rather than "60 s".
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return "–";
  const value = Math.max(0, seconds);
  if (value < 59.5) return `${Math.round(value)} s`;
  const minutes = Math.round(value / 60);
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) {
    const rest = minutes % 60;
    return rest === 0
      ? `${Math.floor(minutes / 60)} h`
      : `${Math.floor(minutes / 60)} h ${rest} min`;
  }
  const hours = Math.round(value / 3600);
  const rest = hours % 24;
  return rest === 0 ? `${Math.floor(hours / 24)} d` : `${Math.floor(hours / 24)} d ${rest} h`;
}
