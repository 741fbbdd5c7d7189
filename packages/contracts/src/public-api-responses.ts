import { z } from "zod";
import { analyticsPostTypes } from "./analytics.ts";
import { scheduledPostStatuses } from "./instagram.ts";

/*
 * What /api/v1 answers (decision 035): the response schemas the OpenAPI document shows, and that
 * the integration tests parse every real answer with (an undocumented field fails them too).
 * Plain objects, not strict: a client should accept fields added later.
 */

const isoDateTime = z.string().meta({ format: "date-time" });
const isoDay = z.string().meta({ format: "date", description: "A day, YYYY-MM-DD." });
const count = z.number().int().nullable();

export const publicApiAccountSchema = z.object({
  id: z
    .string()
    .meta({ description: "The Instagram account's id: the `accountId` of the other routes." }),
  username: z.string(),
  name: z.string().nullable(),
  accountType: z
    .string()
    .nullable()
    .meta({ description: "Instagram's account type (BUSINESS, MEDIA_CREATOR), when known." }),
  followersCount: count,
  mediaCount: count,
  status: z.enum(["active", "needs_reconnection"]).meta({
    description: "`needs_reconnection`: Instagram refused the token; reconnect in Settings.",
  }),
  pausedByPlan: z.boolean().meta({
    description: "Over the plan's account limit: not synced or published to until chosen again.",
  }),
  lastSyncedAt: isoDateTime.nullable(),
});

export const publicApiAccountsResponseSchema = z.object({ data: z.array(publicApiAccountSchema) });

const kpiBasis = z.enum(["sum", "period", "daily-average"]).meta({
  description:
    "`sum` of the days (events), `period` (Instagram's own figure for exactly these days: unique people) or `daily-average` (unique people where Instagram gives no figure for the period).",
});

const periodSchema = z.object({ from: isoDay, to: isoDay, days: z.number().int() });

export const publicApiKpiSchema = z.object({
  label: z.string(),
  basis: kpiBasis,
  value: z.number().nullable(),
  previous: z.number().nullable(),
  changePct: z.number().nullable().meta({
    description: "Percent change from the previous period; null unless both are fully stored.",
  }),
  storedDays: z.number().int(),
  asOf: isoDateTime.nullable().meta({ description: "When the figure was read from Instagram." }),
  note: z.string().nullable(),
  reason: z.string().nullable().meta({ description: "Why `value` is null, when it is." }),
});

export const publicApiKpisResponseSchema = z.object({
  data: z.object({
    accountId: z.string(),
    period: periodSchema,
    previousPeriod: z.object({ from: isoDay, to: isoDay }),
    timeZone: z.string(),
    followers: z.object({
      value: count,
      change: count.meta({ description: "New followers over the period's stored days." }),
      net: z
        .object({
          value: z.number().int(),
          follows: z.number().int(),
          unfollows: z.number().int(),
          days: z.number().int(),
        })
        .nullable()
        .meta({ description: "Follows − unfollows over `days` stored days; null when none." }),
    }),
    kpis: z.object({
      reach: publicApiKpiSchema,
      accountsEngaged: publicApiKpiSchema,
      views: publicApiKpiSchema,
      interactions: publicApiKpiSchema,
      profileVisits: publicApiKpiSchema,
      websiteTaps: publicApiKpiSchema,
    }),
    engagementRate: z.object({
      label: z.string(),
      basis: z.enum(["period", "daily-average"]),
      value: z.number().nullable().meta({ description: "A ratio: 0.042 is 4.2 %." }),
      previous: z.number().nullable(),
      changePct: z.number().nullable(),
      formula: z.string(),
    }),
  }),
});

export const publicApiPostSchema = z.object({
  id: z.string().meta({ description: "Instagram's media id." }),
  type: z.enum(analyticsPostTypes),
  postedAt: isoDateTime.nullable(),
  caption: z.string().nullable(),
  permalink: z.string().nullable(),
  metrics: z.object({
    reach: count,
    views: count,
    likes: count,
    comments: count,
    saves: count,
    shares: count,
    engagementRate: z
      .number()
      .nullable()
      .meta({ description: "Interactions ÷ reach of the post, a ratio; null without both." }),
  }),
  metricsAsOf: isoDateTime.nullable(),
});

export const publicApiPostsResponseSchema = z.object({
  data: z.array(publicApiPostSchema),
  nextCursor: z
    .string()
    .nullable()
    .meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
});

export const publicApiDraftResponseSchema = z.object({
  data: z.object({
    id: z.string(),
    accountId: z.string(),
    status: z.enum(scheduledPostStatuses),
    caption: z.string(),
    hashtags: z.array(z.string()),
    collaborators: z.array(z.string()),
    postType: z.enum(["IMAGE", "CAROUSEL", "REEL", "VIDEO"]).nullable(),
    scheduledTime: isoDateTime,
    timeZone: z.string(),
    media: z.array(
      z.object({
        bucket: z.string(),
        key: z.string(),
        mediaType: z.enum(["image", "video"]),
      }),
    ),
    createdAt: isoDateTime,
  }),
});
