/**
 * Phone fields. The rules (libphonenumber's metadata, about 25 KB gzipped) load the first time a
 * phone is checked, not with the sign-up dialog or Settings.
 */
const loadRules = () => import("@sightline/contracts/phone");

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

export type PhoneCheck =
  | { problem: "phoneInvalid" }
  | { e164: string; formatted: string }
  | { e164: "" };

/**
 * A phone field's value: empty (phones are optional), a real number by libphonenumber's rules
 * (sent as E.164, shown in the international format), or not a phone number.
 */
export async function checkPhone(phone: string, region: string | undefined): Promise<PhoneCheck> {
  if (!phone.trim()) return { e164: "" };
  const parsed = (await loadRules()).parsePhone(phone, region);
  return parsed
    ? { e164: parsed.e164, formatted: parsed.international }
    : { problem: "phoneInvalid" };
}

/** A stored E.164 number as people read it (`+1 415 555 0123`); as stored if unparsable. */
export async function formatPhone(e164: string): Promise<string> {
  return (await loadRules()).parsePhone(e164)?.international ?? e164;
}
