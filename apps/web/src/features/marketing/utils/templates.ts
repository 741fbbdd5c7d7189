import { dateTimeFormat } from "../../../lib/intl-formats.ts";
import { toCsv } from "./csv.ts";

/** Template files generated in the browser when someone downloads them (nothing is stored). */
export interface CaptionTemplate {
  name: string;
  text: string;
}

export interface CaptionPack {
  id: string;
  title: string;
  description: string;
  templates: CaptionTemplate[];
}

export interface CalendarPlan {
  /** Column titles of the CSV. */
  columns: {
    date: string;
    weekday: string;
    pillar: string;
    format: string;
    idea: string;
    hook: string;
    cta: string;
    status: string;
  };
  pillars: { name: string; ideas: string[] }[];
  formats: string[];
  hooks: string[];
  ctas: string[];
  status: string;
  /** Days of the week to post on, 0 = Sunday … 6 = Saturday. */
  postingDays: number[];
}

export interface GeneratedFile {
  filename: string;
  mimeType: string;
  content: string;
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Calendar days from `start` (a YYYY-MM-DD string, read as a date without time zone). */
export function calendarDays(start: string, count: number): Date[] {
  const [year, month, day] = start.split("-").map(Number);
  if (!year || !month || !day) throw new Error(`Not a date: ${start}`);
  return Array.from(
    { length: count },
    (_, index) => new Date(Date.UTC(year, month - 1, day + index)),
  );
}

/** The next Monday after `today` (or `today` itself when it is a Monday), as YYYY-MM-DD. */
export function nextMonday(today: Date): string {
  const date = new Date(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()));
  const offset = (8 - date.getUTCDay()) % 7;
  date.setUTCDate(date.getUTCDate() + offset);
  return isoDate(date);
}

/**
 * A content calendar as CSV: one row per posting day, rotating through the content pillars,
 * formats, hooks and calls to action so no two neighbouring posts look alike.
 */
export function buildContentCalendar(
  plan: CalendarPlan,
  options: { start: string; days: number; locale: string; filename: string },
): GeneratedFile {
  const weekday = dateTimeFormat(options.locale, { weekday: "long", timeZone: "UTC" });
  const rows: string[][] = [
    [
      plan.columns.date,
      plan.columns.weekday,
      plan.columns.pillar,
      plan.columns.format,
      plan.columns.idea,
      plan.columns.hook,
      plan.columns.cta,
      plan.columns.status,
    ],
  ];
  let post = 0;
  for (const date of calendarDays(options.start, options.days)) {
    if (!plan.postingDays.includes(date.getUTCDay())) continue;
    const pillar = plan.pillars[post % plan.pillars.length];
    if (!pillar) break;
    const round = Math.floor(post / plan.pillars.length);
    rows.push([
      isoDate(date),
      weekday.format(date),
      pillar.name,
      plan.formats[post % plan.formats.length] ?? "",
      pillar.ideas[round % pillar.ideas.length] ?? "",
      plan.hooks[post % plan.hooks.length] ?? "",
      plan.ctas[post % plan.ctas.length] ?? "",
      plan.status,
    ]);
    post++;
  }
  return {
    filename: options.filename,
    mimeType: "text/csv;charset=utf-8",
    content: `\ufeff${toCsv(rows)}`,
  };
}

/** A caption pack as plain text, one template per block, ready to copy into the composer. */
export function buildCaptionPack(pack: CaptionPack, intro: string): GeneratedFile {
  const rule = "=".repeat(Math.min(60, pack.title.length + 4));
  const blocks = pack.templates.map(
    (template, index) => `${index + 1}. ${template.name}\n${"-".repeat(40)}\n${template.text}`,
  );
  return {
    filename: `sightline-captions-${pack.id}.txt`,
    mimeType: "text/plain;charset=utf-8",
    content: `${pack.title}\n${rule}\n\n${pack.description}\n\n${intro}\n\n${blocks.join("\n\n")}\n`,
  };
}

export interface PlannerCopy {
  title: string;
  intro: string;
  weekLabel: string;
  columns: [string, string, string, string, string];
  days: string[];
  sections: { title: string; prompts: string[] }[];
}

/** A four-week planning template in Markdown (tables and checklists). */
export function buildWeeklyPlanner(copy: PlannerCopy, filename: string): GeneratedFile {
  const header = `| ${copy.columns.join(" | ")} |\n|${copy.columns.map(() => " --- ").join("|")}|`;
  const weeks = [1, 2, 3, 4].map((week) => {
    const rows = copy.days.map((day) => `| ${day} |  |  |  |  |`).join("\n");
    return `## ${copy.weekLabel} ${week}\n\n${header}\n${rows}\n`;
  });
  const sections = copy.sections.map(
    (section) =>
      `## ${section.title}\n\n${section.prompts.map((prompt) => `- [ ] ${prompt}`).join("\n")}\n`,
  );
  return {
    filename,
    mimeType: "text/markdown;charset=utf-8",
    content: `# ${copy.title}\n\n${copy.intro}\n\n${weeks.join("\n")}\n${sections.join("\n")}`,
  };
}
