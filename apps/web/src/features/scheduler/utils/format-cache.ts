import { dateTimeFormat } from "../../../lib/intl-formats.ts";

/**
 * A date format in `timeZone`, kept (lib/intl-formats.ts): with 2,000 posts in view, building
 * one per post per render costs seconds.
 */
export function cachedDateFormat(
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return dateTimeFormat(undefined, { ...options, timeZone });
}

/**
 * A phone's month cell has room for about five characters: "7:24p" for a 12-hour clock
 * ("7:24 PM"), "19:24" for a 24-hour one. The full time stays in the chip's accessible name.
 */
export function compactTime(date: Date, timeZone: string, locale?: string): string {
  const format = dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone });
  let text = "";
  for (const part of format.formatToParts(date)) {
    if (part.type === "hour" || part.type === "minute") text += part.value;
    else if (part.type === "literal" && /[:.]/.test(part.value)) text += part.value.trim();
    else if (part.type === "dayPeriod") text += part.value.trim().charAt(0).toLowerCase();
  }
  return text;
}
