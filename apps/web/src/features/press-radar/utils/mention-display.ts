import type { MentionSentiment } from "@sightline/contracts";
import { dateTimeFormat } from "../../../lib/intl-formats.ts";

export const sentimentLabels: Record<MentionSentiment, string> = {
  positive: "Positive",
  neutral: "Neutral",
  negative: "Negative",
};

export const sentimentStyles: Record<MentionSentiment, string> = {
  positive: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  neutral: "bg-slate-100 text-slate-700 ring-slate-200",
  negative: "bg-rose-50 text-rose-800 ring-rose-200",
};

export const dateFormat = dateTimeFormat(undefined, {
  dateStyle: "medium",
  timeStyle: "short",
});
