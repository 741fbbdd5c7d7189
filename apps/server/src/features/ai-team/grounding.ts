import type { AiFact } from "@sightline/contracts";

/*
 * The grounding guard (issue 31 point 7): before a model's wording is shown, every number,
 * date, @handle and #hashtag in it must appear in the role's facts. A number counts as present
 * when a fact's number rounds to it at the precision the wording wrote it (2.1 for 2.13), or is
 * it as a percentage of a ratio (0.213 → 21.3 %); thousands may be written 1,234 or 1.2k.
 */

const monthNames = [
  "jan",
  "feb",
  "mar",
  "apr",
  "may",
  "jun",
  "jul",
  "aug",
  "sep",
  "oct",
  "nov",
  "dec",
];

const isoDate = /\b(\d{4})-(\d{2})-(\d{2})\b/g;
const monthDay = new RegExp(
  String.raw`\b(${monthNames.join("|")})[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b|\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${monthNames.join("|")})[a-z]*\b`,
  "gi",
);
const clockTime = /\b(\d{1,2}):(\d{2})\b/g;
const handle = /(?<![\p{L}\p{N}_])@([\p{L}\p{N}_.]*[\p{L}\p{N}_])/gu;
const hashtag = /(?<![\p{L}\p{N}_&])#([\p{L}\p{N}_]+)/gu;
const number = /(?<![\p{L}\p{N}_.])[-−]?\d[\d,]*(?:\.\d+)?\s*(?:[kKmM](?![\p{L}]))?/gu;

type Found = {
  numbers: Array<{ text: string; value: number; decimals: number }>;
  dates: string[];
  times: string[];
  handles: string[];
  hashtags: string[];
};

/** Month-day key ("11-03") of an ISO date or a written date. */
function monthDayKey(month: number, day: number): string {
  return `${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** What a text names: numbers, dates (as month-day), clock times, @handles, #hashtags. */
export function extractClaims(text: string): Found {
  const found: Found = { numbers: [], dates: [], times: [], handles: [], hashtags: [] };
  let rest = text;
  rest = rest.replace(handle, (_match, name: string) => {
    found.handles.push(name.toLowerCase());
    return " ";
  });
  rest = rest.replace(hashtag, (_match, name: string) => {
    found.hashtags.push(name.toLowerCase());
    return " ";
  });
  rest = rest.replace(isoDate, (_match, _year, month: string, day: string) => {
    found.dates.push(monthDayKey(Number(month), Number(day)));
    return " ";
  });
  rest = rest.replace(monthDay, (_match, m1?: string, d1?: string, d2?: string, m2?: string) => {
    const month = monthNames.indexOf((m1 ?? m2 ?? "").slice(0, 3).toLowerCase()) + 1;
    const day = Number(d1 ?? d2);
    if (month > 0 && day >= 1 && day <= 31) found.dates.push(monthDayKey(month, day));
    return " ";
  });
  rest = rest.replace(clockTime, (_match, hour: string, minute: string) => {
    found.times.push(`${Number(hour)}:${minute}`);
    return " ";
  });
  for (const match of rest.matchAll(number)) {
    const raw = match[0].replace(/\s+/g, "");
    const suffix = /[kKmM]$/.test(raw) ? raw.at(-1)!.toLowerCase() : "";
    const digits = (suffix ? raw.slice(0, -1) : raw).replace(/,/g, "").replace("−", "-");
    const value = Number(digits);
    if (!Number.isFinite(value)) continue;
    const decimals = digits.includes(".") ? digits.split(".")[1]!.length : 0;
    const scale = suffix === "k" ? 1_000 : suffix === "m" ? 1_000_000 : 1;
    found.numbers.push({
      text: match[0].trim(),
      value: value * scale,
      decimals: suffix ? decimals - (scale === 1_000 ? 3 : 6) : decimals,
    });
  }
  return found;
}

/** Everything the facts allow a wording to name. */
export type Allowed = {
  numbers: number[];
  dates: Set<string>;
  times: Set<string>;
  handles: Set<string>;
  hashtags: Set<string>;
};

export function allowedByFacts(facts: readonly AiFact[], extra: readonly string[] = []): Allowed {
  const allowed: Allowed = {
    numbers: [],
    dates: new Set(),
    times: new Set(),
    handles: new Set(),
    hashtags: new Set(),
  };
  const absorb = (text: string) => {
    const found = extractClaims(text);
    for (const entry of found.numbers) allowed.numbers.push(entry.value);
    for (const date of found.dates) allowed.dates.add(date);
    for (const time of found.times) allowed.times.add(time);
    for (const name of found.handles) allowed.handles.add(name);
    for (const name of found.hashtags) allowed.hashtags.add(name);
  };
  for (const text of extra) absorb(text);
  for (const fact of facts) {
    absorb(fact.title);
    absorb(fact.statement);
    if (fact.period) absorb(`${fact.period.from} ${fact.period.to}`);
    if (fact.sample) allowed.numbers.push(fact.sample.size);
    for (const value of Object.values(fact.figures)) {
      if (typeof value === "number") allowed.numbers.push(value);
      else if (typeof value === "string") absorb(value);
    }
  }
  return allowed;
}

/** A written number stands for a fact's number when the fact rounds to it as written. */
function numberAllowed(written: { value: number; decimals: number }, allowed: readonly number[]) {
  const tolerance = 0.5 * 10 ** -written.decimals + 1e-9;
  const target = Math.abs(written.value);
  return allowed.some((value) => {
    const candidates = [Math.abs(value), Math.abs(value) * 100];
    return candidates.some((candidate) => Math.abs(candidate - target) <= tolerance);
  });
}

/** What a wording names that its facts do not ("number 2.7", "@someone", "date 11-03"). */
export function groundingViolations(text: string, allowed: Allowed): string[] {
  const found = extractClaims(text);
  const violations: string[] = [];
  for (const written of found.numbers) {
    if (!numberAllowed(written, allowed.numbers)) violations.push(`number ${written.text}`);
  }
  for (const date of found.dates) if (!allowed.dates.has(date)) violations.push(`date ${date}`);
  for (const time of found.times) if (!allowed.times.has(time)) violations.push(`time ${time}`);
  for (const name of found.handles) if (!allowed.handles.has(name)) violations.push(`@${name}`);
  for (const name of found.hashtags) if (!allowed.hashtags.has(name)) violations.push(`#${name}`);
  return [...new Set(violations)];
}

/** Everything plain data allows (Ask Sightline: the tools' answers): its numbers and texts. */
export function allowedByValues(values: readonly unknown[]): Allowed {
  const texts: string[] = [];
  const numbers: number[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "number" && Number.isFinite(value)) numbers.push(value);
    else if (typeof value === "string") texts.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  values.forEach(walk);
  const allowed = allowedByFacts([], texts);
  allowed.numbers.push(...numbers);
  return allowed;
}
