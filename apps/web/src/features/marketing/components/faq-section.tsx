import { Accordion, AccordionItem } from "../../../components/ui/accordion.tsx";
import { SectionHeading } from "./section.tsx";

export interface FaqEntry {
  question: string;
  answer: string;
}

/** A FAQ accordion: one answer open at a time, native and keyboard accessible. */
export function FaqList({ name, entries }: { name: string; entries: FaqEntry[] }) {
  return (
    <Accordion className="border-y border-slate-200">
      {entries.map((entry) => (
        <AccordionItem key={entry.question} name={name} title={entry.question}>
          <p>{entry.answer}</p>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

export function FaqSection({
  id,
  eyebrow,
  title,
  lead,
  entries,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: string;
  entries: FaqEntry[];
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-16 py-16 sm:py-24">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-[1fr_1.6fr] lg:px-8">
        <SectionHeading
          id={`${id}-title`}
          eyebrow={eyebrow}
          title={title}
          lead={lead}
          align="left"
        />
        <FaqList name={id} entries={entries} />
      </div>
    </section>
  );
}
