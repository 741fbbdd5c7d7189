export const numberFormat = new Intl.NumberFormat();

export const signedFormat = new Intl.NumberFormat(undefined, { signDisplay: "exceptZero" });

export const dayFormat = new Intl.DateTimeFormat(undefined, {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

export const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: "medium",
  timeStyle: "short",
});

export const formatLabels = {
  IMAGE: "Image",
  CAROUSEL_ALBUM: "Carousel",
  REELS: "Reel",
} as const;

/** "2026-11-03" (a UTC day) as "Nov 3". */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

export function formatCount(value: number | null): string {
  return value === null ? "–" : numberFormat.format(value);
}
