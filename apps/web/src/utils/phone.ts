import { parsePhone } from "@sightline/contracts";

/**
 * The browser's region ("US" for en-US), in which a number typed without its country code is
 * read. Undefined when the language names no region.
 */
export function browserRegion(): string | undefined {
  try {
    return new Intl.Locale(navigator.language).maximize().region;
  } catch {
    return undefined;
  }
}

/**
 * A phone field's value: empty (phones are optional), a real number by libphonenumber's rules
 * (sent as E.164, shown in the international format), or not a phone number.
 */
export function checkPhone(
  phone: string,
  region: string | undefined,
): { problem: "phoneInvalid" } | { e164: string; formatted: string } | { e164: "" } {
  if (!phone.trim()) return { e164: "" };
  const parsed = parsePhone(phone, region);
  return parsed
    ? { e164: parsed.e164, formatted: parsed.international }
    : { problem: "phoneInvalid" };
}

/** A stored E.164 number as people read it (`+1 415 555 0123`); as stored if unparsable. */
export function formatPhone(e164: string): string {
  return parsePhone(e164)?.international ?? e164;
}
