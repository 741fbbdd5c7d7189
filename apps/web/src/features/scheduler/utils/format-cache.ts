/**
 * Intl.DateTimeFormat is slow to build (a fraction of a millisecond each): with 2,000 posts in
 * view, building one per post per render costs seconds. One per zone and options, kept.
 */
const cache = new Map<string, Intl.DateTimeFormat>();

export function cachedDateFormat(
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { ...options, timeZone });
    cache.set(key, format);
  }
  return format;
}
