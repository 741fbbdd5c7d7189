import { dateTimeFormat } from "../lib/intl-formats.ts";
/** An instant as local date and time in the given IANA zone ("23 Nov 2026, 14:05"). */
export function formatDateTime(
  value: Date | string | number,
  options: Intl.DateTimeFormatOptions & { timeZone: string; locale?: string },
): string {
  const { locale, ...format } = options;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const hasFields = Object.keys(format).some((key) => key !== "timeZone");
  return dateTimeFormat(locale ?? "en", {
    ...(hasFields ? {} : { dateStyle: "medium", timeStyle: "short" }),
    ...format,
  }).format(date);
}
