import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js";
import { z } from "zod";

/**
 * Imported as `@sightline/contracts/phone`, not from the package's index: libphonenumber's
 * metadata is about 25 KB gzipped, which the web app loads only when a phone field is used.
 *
 * Phone numbers (sign-up, Settings, text-message codes) are stored and sent as E.164
 * (`+14155550123`), checked against libphonenumber's per-country rules, and shown in the
 * international format (`+1 415 555 0123`).
 */
export const phoneMessages = {
  invalid: "Enter a valid phone number with its country code, for example +1 415 555 0123.",
} as const;

export type ParsedPhone = { e164: string; international: string };

/**
 * A phone number as typed: with a `+` and country code, or national digits read in
 * `defaultCountry` (a two-letter region such as "US"). Undefined when it is not a valid number.
 */
export function parsePhone(input: string, defaultCountry?: string): ParsedPhone | undefined {
  const text = input.trim();
  if (!text || text.length > 32) return undefined;
  // Letters and symbols other than a phone's punctuation are not a phone number (libphonenumber
  // would skip over them).
  if (!/^[+()\d\s.\-/]+$/.test(text)) return undefined;
  const country = defaultCountry?.toUpperCase();
  const parsed = parsePhoneNumberFromString(
    text,
    country && /^[A-Z]{2}$/.test(country) ? { defaultCountry: country as CountryCode } : undefined,
  );
  if (!parsed?.isValid()) return undefined;
  return { e164: parsed.number, international: parsed.formatInternational() };
}

/** True for a valid number written exactly as E.164: `+`, country code, number, nothing else. */
export function isE164Phone(value: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(value) && parsePhone(value)?.e164 === value;
}

/** A phone field on the wire: E.164 only. */
export const e164PhoneSchema = z.string().refine(isE164Phone, phoneMessages.invalid);
