/*
 * Intl's formatters are slow to build (about a millisecond each on a slow machine): a page that
 * built one per number or date per render spent a tenth of its first load in their constructors
 * (the dashboard, issue 27 point 3). One per locale and options, kept for the page's life; a
 * formatter never changes once built, so sharing one is the same as building it again.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function kept<T>(
  cache: Map<string, T>,
  locale: string | readonly string[] | undefined,
  options: object | undefined,
  build: () => T,
): T {
  const key = JSON.stringify([locale ?? null, options ?? null]);
  let format = cache.get(key);
  if (!format) {
    format = build();
    cache.set(key, format);
  }
  return format;
}

/** `new Intl.NumberFormat(locale, options)`, built once. */
export function numberFormat(
  locale?: string | readonly string[],
  options?: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  return kept(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

/** `new Intl.DateTimeFormat(locale, options)`, built once. */
export function dateTimeFormat(
  locale?: string | readonly string[],
  options?: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return kept(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}
