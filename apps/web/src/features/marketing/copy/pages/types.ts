export interface PageSectionCopy {
  title: string;
  text: string;
  points?: string[];
}

export interface FaqCopy {
  question: string;
  answer: string;
}

/** The shape shared by the feature and solution pages. */
export interface DetailPageCopy {
  meta: { title: string; description: string };
  eyebrow: string;
  title: string;
  lead: string;
  highlights: string[];
  sectionsTitle: string;
  sectionsLead?: string;
  sections: PageSectionCopy[];
  factsTitle: string;
  facts: { value: string; label: string }[];
  steps?: { title: string; items: PageSectionCopy[] };
  faqTitle: string;
  faq: FaqCopy[];
  closing: { title: string; text: string };
}
