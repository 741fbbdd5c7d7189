import { z } from "zod";
import { formatCount, formatDuration, formatRate } from "./report-format.ts";

/*
 * Inbox response times (issue 33 point 4, decision 038's addendum): how fast an account answers
 * comments and DMs over a period of days, read by the Inbox's panel and by client reports alike.
 */

/** The longest period the response-times route measures, as a client report's custom period. */
export const INBOX_RESPONSE_TIMES_MAX_DAYS = 93;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A day is written YYYY-MM-DD.");

function daysBetween(from: string, to: string): number {
  return (
    Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1
  );
}

/** `from` and `to` are days on the asker's calendar, both included. */
export const inboxResponseTimesQuerySchema = z
  .object({
    from: isoDay,
    to: isoDay,
    timezone: z.string().min(1).max(64).optional(),
  })
  .superRefine((value, ctx) => {
    const days = daysBetween(value.from, value.to);
    if (!Number.isFinite(days) || days < 1) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "The period ends before it starts." });
    } else if (days > INBOX_RESPONSE_TIMES_MAX_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `Choose a period of at most ${INBOX_RESPONSE_TIMES_MAX_DAYS} days.`,
      });
    }
  });
export type InboxResponseTimesQuery = z.infer<typeof inboxResponseTimesQuerySchema>;

/** One kind's figures (comments or DMs); times in seconds, shares 0–1, null when nothing to measure. */
export type ResponseTimeFigures = {
  /** Incoming items (a run of messages or comments before the account's reply) that got a reply. */
  answered: number;
  /** Incoming items with no reply from the account yet. */
  unanswered: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
  /** Of the items whose first hour (day) has passed or that were answered. */
  withinHourShare: number | null;
  withinDayShare: number | null;
};

export const responseTimeKindLabels = { comments: "Comments", dms: "Direct messages" } as const;
export const responseTimeKinds = ["comments", "dms"] as const;

/**
 * The rows of a response-time table, in order, with how each writes its figure: one list for the
 * Inbox's dialog, the report's web view and its PDF, so the three read alike.
 */
export const responseTimeRows: ReadonlyArray<
  readonly [label: string, value: (figures: ResponseTimeFigures) => string]
> = [
  ["Answered", (f) => formatCount(f.answered)],
  ["Not answered yet", (f) => formatCount(f.unanswered)],
  ["Median first response", (f) => formatDuration(f.medianSeconds)],
  ["90th percentile", (f) => formatDuration(f.p90Seconds)],
  ["Answered within 1 hour", (f) => formatRate(f.withinHourShare)],
  ["Answered within 24 hours", (f) => formatRate(f.withinDayShare)],
];
