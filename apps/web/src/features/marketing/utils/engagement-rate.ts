import { numberFormat } from "../../../lib/intl-formats.ts";
/** The engagement-rate calculator's arithmetic (Sightline's definition: interactions ÷ reach). */
export interface EngagementInput {
  likes: number;
  comments: number;
  saves: number;
  shares: number;
  reach: number;
  /** Optional: to show the follower-based rate other tools use, for comparison. */
  followers?: number;
}

export type EngagementField = keyof EngagementInput;

export interface EngagementResult {
  interactions: number;
  /** Percentage of reached accounts that interacted, e.g. 4.82 for 4.82 %. */
  rateByReach: number;
  rateByFollowers: number | null;
}

export type EngagementErrorCode = "required" | "not-a-whole-number" | "negative" | "zero-reach";

export type EngagementOutcome =
  | { ok: true; result: EngagementResult }
  | { ok: false; errors: Partial<Record<EngagementField, EngagementErrorCode>> };

/** Reads a form field: digits with optional thousands separators (1,234 or 1 234 or 1.234). */
export function parseCount(raw: string): number | "required" | "not-a-whole-number" | "negative" {
  const text = raw.trim().replace(/[\s,.\u00a0\u202f']/g, "");
  if (text === "") return "required";
  if (text.startsWith("-")) return "negative";
  if (!/^\d+$/.test(text)) return "not-a-whole-number";
  return Number(text);
}

export function computeEngagement(input: EngagementInput): EngagementResult {
  const interactions = input.likes + input.comments + input.saves + input.shares;
  return {
    interactions,
    rateByReach: input.reach > 0 ? (interactions / input.reach) * 100 : 0,
    rateByFollowers:
      input.followers !== undefined && input.followers > 0
        ? (interactions / input.followers) * 100
        : null,
  };
}

const countFields = ["likes", "comments", "saves", "shares", "reach"] as const;

/** Validates the raw form values and computes the rates when they are usable. */
export function evaluateEngagement(raw: Record<EngagementField, string>): EngagementOutcome {
  const errors: Partial<Record<EngagementField, EngagementErrorCode>> = {};
  const values: Partial<EngagementInput> = {};
  for (const field of countFields) {
    const parsed = parseCount(raw[field]);
    if (typeof parsed === "number") values[field] = parsed;
    else errors[field] = parsed;
  }
  if (values.reach === 0) errors.reach = "zero-reach";
  let followers: number | undefined;
  if (raw.followers.trim() !== "") {
    const parsed = parseCount(raw.followers);
    if (typeof parsed === "number") followers = parsed;
    else errors.followers = parsed;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    result: computeEngagement({ ...(values as Omit<EngagementInput, "followers">), followers }),
  };
}

/** "4.82%" / "4,82 %": two decimals below 10 %, one above. */
export function formatRate(rate: number, locale: string): string {
  return numberFormat(locale, {
    style: "percent",
    minimumFractionDigits: rate < 10 ? 2 : 1,
    maximumFractionDigits: rate < 10 ? 2 : 1,
  }).format(rate / 100);
}
