/**
 * Characters that have no business in stored text. PostgreSQL refuses NUL in `text` outright (one
 * such character made a webhook event fail every time it was tried); the other C0 and C1 control
 * characters (tab, line feed and carriage return excepted) and DEL render as nothing or as garbage.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * Bidirectional formatting characters (embeddings, overrides, isolates, marks): a right-to-left
 * override in a name makes "Anna\u202Egnp.exe" read as "Annaexe.png" wherever it is shown.
 */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Removes control characters (keeping tab, line feed and carriage return). */
export function stripControlCharacters(text: string): string {
  return text.replace(CONTROL, "");
}

/** For names and other one-line labels: control and bidi formatting characters removed. */
export function cleanName(text: string): string {
  return text.replace(CONTROL, "").replace(BIDI, "");
}

/** Every string (keys too) in a parsed JSON value with control characters removed. */
export function stripControlCharactersDeep(value: unknown): unknown {
  if (typeof value === "string") return stripControlCharacters(value);
  if (Array.isArray(value)) return value.map(stripControlCharactersDeep);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        stripControlCharacters(key),
        stripControlCharactersDeep(inner),
      ]),
    );
  }
  return value;
}
