import type { LegalAttributes, LocalizedDocument, MarkdownDocument } from "./documents.ts";

export type LegalSlug = "privacy-policy" | "terms-of-service" | "data-deletion" | "investors";

// One chunk per document: a page loads only its own text.
const documents = import.meta.glob<MarkdownDocument<LegalAttributes>>("./legal/*.md", {
  import: "default",
});

export async function loadLegalDocument(
  slug: LegalSlug,
): Promise<LocalizedDocument<LegalAttributes>> {
  const en = documents[`./legal/${slug}.en.md`];
  if (!en) throw new Error(`Missing legal document ${slug}.en.md`);
  const es = documents[`./legal/${slug}.es.md`];
  const [english, spanish] = await Promise.all([en(), es?.()]);
  return { en: english, ...(spanish ? { es: spanish } : {}) };
}
