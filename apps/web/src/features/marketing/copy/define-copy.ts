import { useTranslation } from "react-i18next";
import { type Language, registerTranslations } from "../../../lib/i18n.ts";

export interface Copy<T> {
  namespace: string;
  en: T;
  es: T;
}

/**
 * Registers a page's English and Spanish copy with i18next (one namespace per page, loaded with
 * the page's own chunk) and returns a typed handle for `useCopy`.
 */
export function defineCopy<T extends object>(
  namespace: string,
  bundles: { en: T; es: T },
): Copy<T> {
  registerTranslations(
    namespace,
    bundles as { en: T & Record<string, unknown>; es: T & Record<string, unknown> },
  );
  return { namespace, ...bundles };
}

/** The current language; re-renders on every switch. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === "es" ? "es" : "en";
}

/** The copy in the current language, as structured data (lists, sections), typed. */
export function useCopy<T>(copy: Copy<T>): T {
  useTranslation(copy.namespace);
  const language = useLanguage();
  return copy[language];
}

/** `fill("{n} min read", { n: 6 })` */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  );
}
