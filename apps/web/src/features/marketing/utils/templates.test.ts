import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.ts";
import {
  buildCaptionPack,
  buildContentCalendar,
  buildWeeklyPlanner,
  type CalendarPlan,
  calendarDays,
  nextMonday,
} from "./templates.ts";

const plan: CalendarPlan = {
  columns: {
    date: "Date",
    weekday: "Weekday",
    pillar: "Pillar",
    format: "Format",
    idea: "Idea",
    hook: "Hook",
    cta: "CTA",
    status: "Status",
  },
  pillars: [
    { name: "Teach", ideas: ["Tip one", "Tip two"] },
    { name: "Show", ideas: ["Studio tour"] },
  ],
  formats: ["Reel", "Carousel"],
  hooks: ["Did you know…", 'Say "yes" if'],
  ctas: ["Save this"],
  status: "Idea",
  postingDays: [1, 3, 5],
};

describe("toCsv", () => {
  it("quotes fields with commas, quotes and line breaks", () => {
    expect(toCsv([["a", 'say "hi"', "x,y", "line\nbreak", 3]])).toBe(
      'a,"say ""hi""","x,y","line\nbreak",3\r\n',
    );
  });
});

describe("calendar dates", () => {
  it("counts days across month ends without time-zone drift", () => {
    const days = calendarDays("2026-01-30", 3).map((d) => d.toISOString().slice(0, 10));
    expect(days).toEqual(["2026-01-30", "2026-01-31", "2026-02-01"]);
  });

  it("finds the next Monday", () => {
    expect(nextMonday(new Date(2026, 10, 4))).toBe("2026-11-09"); // a Wednesday
    expect(nextMonday(new Date(2026, 10, 9))).toBe("2026-11-09"); // a Monday
  });
});

describe("buildContentCalendar", () => {
  it("writes one row per posting day, rotating pillars and ideas", () => {
    const file = buildContentCalendar(plan, {
      start: "2026-11-09",
      days: 14,
      locale: "en-US",
      filename: "calendar.csv",
    });
    expect(file.mimeType).toContain("text/csv");
    const rows = file.content
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(rows[0]).toBe("Date,Weekday,Pillar,Format,Idea,Hook,CTA,Status");
    expect(rows).toHaveLength(1 + 6); // Mon, Wed, Fri for two weeks
    expect(rows[1]).toBe("2026-11-09,Monday,Teach,Reel,Tip one,Did you know…,Save this,Idea");
    expect(rows[2]).toBe(
      '2026-11-11,Wednesday,Show,Carousel,Studio tour,"Say ""yes"" if",Save this,Idea',
    );
    expect(rows[3]).toContain("Teach,Reel,Tip two");
  });

  it("names weekdays in the reader's language", () => {
    const file = buildContentCalendar(plan, {
      start: "2026-11-09",
      days: 1,
      locale: "es",
      filename: "c.csv",
    });
    expect(file.content).toContain("2026-11-09,lunes,");
  });
});

describe("caption packs and planner", () => {
  it("renders a pack as numbered plain text", () => {
    const file = buildCaptionPack(
      {
        id: "launch",
        title: "Launch",
        description: "For launches",
        templates: [{ name: "Teaser", text: "Something is coming [date]" }],
      },
      "Replace the [brackets].",
    );
    expect(file.filename).toBe("sightline-captions-launch.txt");
    expect(file.content).toContain("1. Teaser");
    expect(file.content).toContain("Something is coming [date]");
  });

  it("renders four weeks of planning tables in Markdown", () => {
    const file = buildWeeklyPlanner(
      {
        title: "Planner",
        intro: "Fill it in.",
        weekLabel: "Week",
        columns: ["Day", "Pillar", "Format", "Idea", "Status"],
        days: ["Mon", "Tue"],
        sections: [{ title: "Review", prompts: ["Check reach"] }],
      },
      "planner.md",
    );
    expect(file.content.match(/^## Week \d/gm)).toHaveLength(4);
    expect(file.content).toContain("| Day | Pillar | Format | Idea | Status |");
    expect(file.content).toContain("- [ ] Check reach");
  });
});
