/**
 * The language choice without i18next, so the tiny boot script can read it before deciding
 * whether to load the app (Spanish pages render right away; English ones hydrate on first use).
 */
export const supportedLanguages = ["en", "es"] as const;
export type Language = (typeof supportedLanguages)[number];

export const LANGUAGE_STORAGE_KEY = "sightline.language";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** The remembered choice, else the browser's language, else English. */
export function detectLanguage(): Language {
  if (typeof window === "undefined") return "en";
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // storage can be unavailable (private mode); fall through
  }
  const browser = window.navigator.language?.slice(0, 2);
  return isLanguage(browser) ? browser : "en";
}
