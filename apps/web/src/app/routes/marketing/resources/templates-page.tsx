import { CalendarDays, Download, FileText, NotebookPen } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "../../../../components/ui/button.tsx";
import { Input, Label } from "../../../../components/ui/input.tsx";
import { ClosingCta } from "../../../../features/marketing/components/closing-cta.tsx";
import { downloadFile } from "../../../../features/marketing/components/download-file.ts";
import { PageHero } from "../../../../features/marketing/components/page-hero.tsx";
import { PageMeta } from "../../../../features/marketing/components/page-meta.tsx";
import { Section, SectionHeading } from "../../../../features/marketing/components/section.tsx";
import { fill, useCopy, useLanguage } from "../../../../features/marketing/copy/define-copy.ts";
import { templatesCopy } from "../../../../features/marketing/copy/pages/templates.ts";
import {
  buildCaptionPack,
  buildContentCalendar,
  buildWeeklyPlanner,
  type GeneratedFile,
  nextMonday,
} from "../../../../features/marketing/utils/templates.ts";

/** /resources/templates: caption packs and calendars, generated when downloaded. */
export default function TemplatesPage() {
  const copy = useCopy(templatesCopy);
  const language = useLanguage();
  const dateId = useId();
  // The default start date depends on today: set after hydration so the static HTML stays valid.
  const [start, setStart] = useState("");
  const [status, setStatus] = useState("");
  useEffect(() => setStart((value) => value || nextMonday(new Date())), []);

  const save = (file: GeneratedFile) => {
    downloadFile(file);
    setStatus(fill(copy.downloaded, { file: file.filename }));
  };
  const startDate = () => (/^\d{4}-\d{2}-\d{2}$/.test(start) ? start : nextMonday(new Date()));
  const locale = language === "es" ? "es" : "en-US";
  const { month, launch, planner } = copy.calendars;

  return (
    <>
      <PageMeta title={copy.meta.title} description={copy.meta.description} />
      <PageHero eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>

      <Section aria-labelledby="caption-packs-title">
        <SectionHeading
          id="caption-packs-title"
          title={copy.captionsTitle}
          lead={copy.captionsLead}
          align="left"
        />
        <ul className="mt-10 grid gap-6 md:grid-cols-2">
          {copy.packs.map((pack) => (
            <li
              key={pack.id}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-xs"
            >
              <div className="flex items-start gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-inset ring-brand-100">
                  <FileText aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="text-lg font-semibold text-slate-900">{pack.title}</h3>
                  <p className="mt-1 text-slate-600">{pack.description}</p>
                  <p className="mt-1 text-sm font-medium text-slate-700">
                    {fill(copy.templatesCount, { n: pack.templates.length })}:{" "}
                    {pack.templates.map((template) => template.name).join(", ")}
                  </p>
                </div>
              </div>
              <figure className="mt-5 flex-1 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
                <figcaption className="text-xs font-semibold uppercase tracking-wide text-slate-600">
                  {copy.preview}
                </figcaption>
                <p className="mt-2 text-sm whitespace-pre-line text-slate-800">
                  {pack.templates[0]?.text}
                </p>
              </figure>
              <Button
                type="button"
                variant="outline"
                className="mt-5 self-start"
                aria-label={`${copy.downloadTxt}: ${pack.title}`}
                onClick={() => save(buildCaptionPack(pack, copy.captionIntro))}
              >
                <Download aria-hidden="true" />
                {copy.downloadTxt}
              </Button>
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="muted" aria-labelledby="calendars-title">
        <div className="flex flex-col justify-between gap-6 lg:flex-row lg:items-end">
          <SectionHeading
            id="calendars-title"
            title={copy.calendarsTitle}
            lead={copy.calendarsLead}
            align="left"
          />
          <div className="w-full max-w-xs">
            <Label htmlFor={dateId}>{copy.startDate}</Label>
            <Input
              id={dateId}
              type="date"
              value={start}
              onChange={(event) => setStart(event.target.value)}
              className="mt-1.5"
            />
          </div>
        </div>
        <ul className="mt-10 grid gap-6 lg:grid-cols-3">
          {[
            {
              key: "month",
              icon: CalendarDays,
              title: month.title,
              description: month.description,
              label: copy.downloadCsv,
              build: () =>
                buildContentCalendar(month.plan, {
                  start: startDate(),
                  days: month.days,
                  locale,
                  filename: month.filename,
                }),
            },
            {
              key: "launch",
              icon: CalendarDays,
              title: launch.title,
              description: launch.description,
              label: copy.downloadCsv,
              build: () =>
                buildContentCalendar(launch.plan, {
                  start: startDate(),
                  days: launch.days,
                  locale,
                  filename: launch.filename,
                }),
            },
            {
              key: "planner",
              icon: NotebookPen,
              title: planner.title,
              description: planner.description,
              label: copy.downloadMd,
              build: () => buildWeeklyPlanner(planner.copy, planner.filename),
            },
          ].map((calendar) => (
            <li
              key={calendar.key}
              className="flex flex-col rounded-2xl bg-white p-6 ring-1 ring-slate-200"
            >
              <calendar.icon aria-hidden="true" className="size-6 text-brand-700" />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{calendar.title}</h3>
              <p className="mt-2 flex-1 text-slate-600">{calendar.description}</p>
              <Button
                type="button"
                className="mt-6 self-start"
                aria-label={`${calendar.label}: ${calendar.title}`}
                onClick={() => save(calendar.build())}
              >
                <Download aria-hidden="true" />
                {calendar.label}
              </Button>
            </li>
          ))}
        </ul>
      </Section>

      <Section aria-labelledby="how-to-title">
        <SectionHeading id="how-to-title" title={copy.howTitle} />
        <ol className="mx-auto mt-12 grid max-w-5xl gap-6 md:grid-cols-2">
          {copy.how.map((tip, index) => (
            <li key={tip.title} className="flex gap-4 rounded-2xl border border-slate-200 p-6">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{tip.title}</h3>
                <p className="mt-1 text-slate-600">{tip.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>
      <ClosingCta />
    </>
  );
}
