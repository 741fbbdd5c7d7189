import { publicApiKpisQuerySchema, zonedParts } from "@sightline/contracts";
import { addDays } from "../analytics/index.ts";

/** The periods an assistant may name instead of dates (the dashboard's presets and two months). */
export const periodPresets = [
  "last_7_days",
  "last_28_days",
  "last_90_days",
  "this_month",
  "last_month",
] as const;
export type PeriodPreset = (typeof periodPresets)[number];

const presetDays: Partial<Record<PeriodPreset, number>> = {
  last_7_days: 7,
  last_28_days: 28,
  last_90_days: 90,
};

/**
 * A tool's period as the REST API's `since` and `until` (days, inclusive, on `timeZone`'s
 * calendar), checked by the REST API's own schema so the same periods are refused with the
 * same words. The "last N days" presets end yesterday, as the dashboard's do (today's figures
 * are still coming in); "this_month" is the month so far, today included; no period at all is
 * the dashboard's default, the last 28 days.
 */
export function resolveToolPeriod(
  input: {
    preset?: PeriodPreset | undefined;
    since?: string | undefined;
    until?: string | undefined;
  },
  now: Date,
  timeZone: string,
): { since: string; until: string; timezone: string } {
  const custom = input.since !== undefined || input.until !== undefined;
  if (custom && input.preset !== undefined) {
    throw new ToolInputError("Give either a preset or since and until, not both.");
  }
  let since: string | undefined = input.since;
  let until: string | undefined = input.until;
  if (!custom) {
    const preset = input.preset ?? "last_28_days";
    const today = zonedParts(now, timeZone).date;
    const days = presetDays[preset];
    if (days !== undefined) {
      until = addDays(today, -1);
      since = addDays(until, -(days - 1));
    } else if (preset === "this_month") {
      since = `${today.slice(0, 7)}-01`;
      until = today;
    } else {
      const firstOfThisMonth = `${today.slice(0, 7)}-01`;
      until = addDays(firstOfThisMonth, -1);
      since = `${until.slice(0, 7)}-01`;
    }
  }
  const parsed = publicApiKpisQuerySchema.safeParse({ since, until, timezone: timeZone });
  if (!parsed.success) throw new ToolInputError(parsed.error.issues[0]!.message);
  return { since: since!, until: until!, timezone: timeZone };
}

/** A tool's input that its schema let through but its rules refuse: said to the assistant. */
export class ToolInputError extends Error {
  override name = "ToolInputError";
}
