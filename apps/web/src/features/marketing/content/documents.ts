import type { Language } from "../../../lib/i18n.ts";

export interface MarkdownHeading {
  id: string;
  text: string;
  depth: number;
}

export interface MarkdownDocument<A = Record<string, unknown>> {
  attributes: A;
  html: string;
  headings: MarkdownHeading[];
}

export interface LegalAttributes {
  title: string;
  description: string;
  updated: string;
}

export interface ArticleAttributes {
  title: string;
  description: string;
  date: string;
  author: string;
  category: string;
  readingMinutes: number;
}

/** A document in English and, when it has been translated, in Spanish. */
export interface LocalizedDocument<A> {
  en: MarkdownDocument<A>;
  es?: MarkdownDocument<A>;
}

export function pickDocument<A>(
  document: LocalizedDocument<A>,
  language: Language,
): { document: MarkdownDocument<A>; isFallback: boolean } {
  if (language === "es" && document.es) return { document: document.es, isFallback: false };
  return { document: document.en, isFallback: language !== "en" };
}
