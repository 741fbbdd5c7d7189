import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { getTimeZone, subscribeTimeZone } from "../lib/time-zone.ts";
import { formatDateTime } from "../utils/format-date-time.ts";

/** The user's time zone (profile, else the browser's); re-renders when it changes. */
export function useTimeZone(): string {
  return useSyncExternalStore(subscribeTimeZone, getTimeZone, () => "UTC");
}

/** Formats instants in the user's zone and language: `const format = useFormatDateTime()`. */
export function useFormatDateTime() {
  const timeZone = useTimeZone();
  const { i18n } = useTranslation();
  return (value: Date | string | number, options?: Intl.DateTimeFormatOptions) =>
    formatDateTime(value, { timeZone, locale: i18n.language, ...options });
}
