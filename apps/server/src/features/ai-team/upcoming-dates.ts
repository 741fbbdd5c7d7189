import { addDays, weekdayOf } from "@sightline/contracts";

/*
 * Widely observed dates the Creator can build an idea on (issue 31 point 3): fixed days and
 * the movable ones computed for any year (Mother's Day, Thanksgiving and the shopping days
 * after it). No date is invented: each rule is the day's own definition.
 */

export type ObservedDate = { day: string; name: string; hashtags: string[] };

type Rule = {
  name: string;
  hashtags: string[];
  /** The day in a given year (YYYY-MM-DD). */
  on: (year: number) => string;
};

function fixed(month: number, day: number) {
  return (year: number) =>
    `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The n-th given weekday (0 = Sunday) of a month. */
function nthWeekday(month: number, weekday: number, n: number) {
  return (year: number) => {
    const first = fixed(month, 1)(year);
    const offset = (weekday - weekdayOf(first) + 7) % 7;
    return addDays(first, offset + 7 * (n - 1));
  };
}

/** The US Thanksgiving: the fourth Thursday of November. */
const thanksgiving = nthWeekday(11, 4, 4);

const rules: Rule[] = [
  { name: "New Year's Day", hashtags: ["newyear"], on: fixed(1, 1) },
  { name: "Valentine's Day", hashtags: ["valentinesday"], on: fixed(2, 14) },
  { name: "International Women's Day", hashtags: ["internationalwomensday"], on: fixed(3, 8) },
  { name: "Earth Day", hashtags: ["earthday"], on: fixed(4, 22) },
  { name: "Mother's Day (US)", hashtags: ["mothersday"], on: nthWeekday(5, 0, 2) },
  { name: "Father's Day (US)", hashtags: ["fathersday"], on: nthWeekday(6, 0, 3) },
  { name: "World Photography Day", hashtags: ["worldphotographyday"], on: fixed(8, 19) },
  { name: "International Coffee Day", hashtags: ["internationalcoffeeday"], on: fixed(10, 1) },
  { name: "Halloween", hashtags: ["halloween"], on: fixed(10, 31) },
  { name: "Thanksgiving (US)", hashtags: ["thanksgiving"], on: thanksgiving },
  { name: "Black Friday", hashtags: ["blackfriday"], on: (year) => addDays(thanksgiving(year), 1) },
  {
    name: "Small Business Saturday",
    hashtags: ["smallbusinesssaturday", "shopsmall"],
    on: (year) => addDays(thanksgiving(year), 2),
  },
  { name: "Cyber Monday", hashtags: ["cybermonday"], on: (year) => addDays(thanksgiving(year), 4) },
  {
    name: "Giving Tuesday",
    hashtags: ["givingtuesday"],
    on: (year) => addDays(thanksgiving(year), 5),
  },
  { name: "Christmas Eve", hashtags: ["christmas"], on: fixed(12, 24) },
  { name: "Christmas Day", hashtags: ["christmas"], on: fixed(12, 25) },
  { name: "New Year's Eve", hashtags: ["newyearseve"], on: fixed(12, 31) },
];

/** The observed dates from `from` (YYYY-MM-DD) for `days` days, soonest first. */
export function upcomingDates(from: string, days: number): ObservedDate[] {
  const to = addDays(from, days - 1);
  const year = Number(from.slice(0, 4));
  const found: ObservedDate[] = [];
  for (const y of [year, year + 1]) {
    for (const rule of rules) {
      const day = rule.on(y);
      if (day >= from && day <= to) found.push({ day, name: rule.name, hashtags: rule.hashtags });
    }
  }
  return found.sort((a, b) => a.day.localeCompare(b.day) || a.name.localeCompare(b.name));
}
