import { z } from "zod";
import { accountIdPattern } from "./workspace-roles.ts";

/*
 * Client reports (issue 33 points 4-6, decision 038): a report per account or several accounts
 * of a workspace, viewed in the app and rendered as a PDF, optionally e-mailed each week or
 * month. These are its sections, limits and request schemas, shared by the server and the web.
 */

export const clientReportSections = [
  "kpis",
  "growth",
  "top-posts",
  "audience",
  "posts-table",
  "response-times",
  "analyst",
] as const;
export type ClientReportSection = (typeof clientReportSections)[number];

export const clientReportSectionLabels: Record<ClientReportSection, string> = {
  kpis: "Key figures with change",
  growth: "Follower growth",
  "top-posts": "Top posts",
  audience: "Audience",
  "posts-table": "Post performance table",
  "response-times": "Inbox response times",
  analyst: "The Analyst's explanations",
};

export const clientReportFrequencyValues = ["weekly", "monthly"] as const;
export type ClientReportFrequencyValue = (typeof clientReportFrequencyValues)[number];

export const CLIENT_REPORT_NAME_MAX = 80;
export const CLIENT_REPORT_COVER_NOTE_MAX = 2000;
export const CLIENT_REPORT_RECIPIENTS_MAX = 20;
export const CLIENT_REPORT_SHARES_MAX = 50;
/** Reports a workspace keeps at once. */
export const CLIENT_REPORTS_PER_WORKSPACE = 50;
/** Rows of the post performance table in a report. */
export const CLIENT_REPORT_POSTS_TABLE_ROWS = 15;
/** A custom period of the web view or PDF: at most this many days. */
export const CLIENT_REPORT_MAX_DAYS = 93;
/** Every body of /api/reports is a few short fields. */
export const CLIENT_REPORTS_MAX_BODY_BYTES = 32 * 1024;

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "A colour is written #rrggbb, e.g. #6d28d9.");

const clientReportFields = {
  name: z
    .string()
    .trim()
    .min(1, "Give the report a name.")
    .max(CLIENT_REPORT_NAME_MAX, `A name has at most ${CLIENT_REPORT_NAME_MAX} characters.`),
  accountIds: z
    .array(z.string().regex(accountIdPattern, "Not an Instagram account id."))
    .min(1, "Choose at least one account.")
    .max(10, "A report covers at most 10 accounts."),
  sections: z
    .array(z.enum(clientReportSections))
    .min(1, "Choose at least one section.")
    .max(clientReportSections.length),
  coverNote: z
    .string()
    .max(
      CLIENT_REPORT_COVER_NOTE_MAX,
      `A cover note has at most ${CLIENT_REPORT_COVER_NOTE_MAX} characters.`,
    ),
  accentColor: hexColor,
  frequency: z.enum(clientReportFrequencyValues),
  scheduleEnabled: z.boolean(),
  recipients: z
    .array(z.email("Not an e-mail address.").max(254))
    .max(
      CLIENT_REPORT_RECIPIENTS_MAX,
      `A report goes to at most ${CLIENT_REPORT_RECIPIENTS_MAX} addresses.`,
    ),
  /** User ids of Client-role members who may open it. */
  sharedWith: z.array(z.string().min(1).max(64)).max(CLIENT_REPORT_SHARES_MAX),
};

function scheduleNeedsRecipients(
  value: { scheduleEnabled?: boolean | undefined; recipients?: string[] | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.scheduleEnabled && value.recipients !== undefined && value.recipients.length === 0) {
    ctx.addIssue({
      code: "custom",
      path: ["recipients"],
      message: "Add at least one address to send the report to.",
    });
  }
}

export const createClientReportSchema = z
  .object({
    ...clientReportFields,
    coverNote: clientReportFields.coverNote.default(""),
    accentColor: clientReportFields.accentColor.default("#6d28d9"),
    frequency: clientReportFields.frequency.default("monthly"),
    scheduleEnabled: clientReportFields.scheduleEnabled.default(false),
    recipients: clientReportFields.recipients.default([]),
    sharedWith: clientReportFields.sharedWith.default([]),
  })
  .strict()
  .superRefine(scheduleNeedsRecipients);
export type CreateClientReportInput = z.infer<typeof createClientReportSchema>;

export const updateClientReportSchema = z
  .object(clientReportFields)
  .partial()
  .strict()
  .superRefine(scheduleNeedsRecipients);
export type UpdateClientReportInput = z.infer<typeof updateClientReportSchema>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A day is written YYYY-MM-DD.");

/** The web view's and the PDF's period: the last complete week or month, or from/to. */
export const clientReportPeriodQuerySchema = z
  .object({ from: isoDay.optional(), to: isoDay.optional() })
  .superRefine((value, ctx) => {
    if ((value.from === undefined) !== (value.to === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [value.from === undefined ? "from" : "to"],
        message: "A period needs both from and to.",
      });
      return;
    }
    if (value.from === undefined || value.to === undefined) return;
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1;
    if (!(days >= 1)) {
      ctx.addIssue({ code: "custom", path: ["to"], message: "The period ends before it starts." });
    } else if (days > CLIENT_REPORT_MAX_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `A report covers at most ${CLIENT_REPORT_MAX_DAYS} days.`,
      });
    }
  });
export type ClientReportPeriodQuery = z.infer<typeof clientReportPeriodQuerySchema>;
