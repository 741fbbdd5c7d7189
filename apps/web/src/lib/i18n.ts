import i18next from "i18next";
import { initReactI18next } from "react-i18next";

import {
  detectLanguage,
  type Language,
  LANGUAGE_STORAGE_KEY as STORAGE_KEY,
  supportedLanguages,
} from "./language.ts";

export { detectLanguage, type Language, supportedLanguages };

void i18next.use(initReactI18next).init({
  lng: "en",
  fallbackLng: "en",
  supportedLngs: supportedLanguages,
  resources: {},
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

export const i18n = i18next;

/**
 * Each feature registers its own strings when its module loads:
 * `registerTranslations("auth", { en, es })`, then `useTranslation("auth")`.
 */
export function registerTranslations<T extends Record<string, unknown>>(
  namespace: string,
  bundles: { en: T; es: T },
) {
  i18next.addResourceBundle("en", namespace, bundles.en, true, true);
  i18next.addResourceBundle("es", namespace, bundles.es, true, true);
}

/** Switches the language, remembers it and reflects it in <html lang>. */
export async function setLanguage(language: Language) {
  try {
    window.localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // not remembered, still switched
  }
  document.documentElement.lang = language;
  await i18next.changeLanguage(language);
}

/** Applies the remembered or detected language after the first (English) render. */
export function applyPreferredLanguage() {
  const language = detectLanguage();
  if (language !== i18next.language) void setLanguage(language);
  else document.documentElement.lang = language;
}
