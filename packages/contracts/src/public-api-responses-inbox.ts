import { z } from "zod";
import { inboxLabelColors } from "./inbox.ts";
import { planIds } from "./plans.ts";
import { mentionSentiments, trendLabels } from "./radars.ts";

/*
 * What /api/v1's inbox, audience and radar routes answer (decision 035): the response schemas
 * the OpenAPI document shows and the integration tests parse every real answer with. Plain
 * objects, not strict: a client should accept fields added later.
 */

const isoDateTime = z.string().meta({ format: "date-time" });
const isoDay = z.string().meta({ format: "date", description: "A day, YYYY-MM-DD." });
const nextCursor = z
  .string()
  .nullable()
  .meta({ description: "Pass as `cursor` for the next page; null on the last page." });

// ---------------------------------------------------------------------------------------------
// Inbox

const conversationKind = z.enum(["dm", "comments"]).meta({
  description:
    "`dm`: a direct-message thread (its id is Instagram's thread id); `comments`: the comments on one of the account's posts (its id is the post's media id).",
});

export const publicApiConversationSchema = z.object({
  id: z
    .string()
    .meta({ description: "The conversation's id: the `conversationId` of its routes." }),
  kind: conversationKind,
  updatedTime: isoDateTime.meta({ description: "When its newest message or comment came." }),
  lastMessageSenderId: z
    .string()
    .meta({ description: "Who wrote last: the account's own id when it answered last." }),
  preview: z.string().nullable().meta({ description: "The newest message's or comment's text." }),
  items: z.number().int().meta({ description: "How many messages or comments it has." }),
  person: z
    .object({
      id: z.string().nullable(),
      username: z.string().nullable(),
      name: z.string().nullable(),
      profilePic: z.string().nullable(),
    })
    .meta({
      description:
        "DM: the other person; comments: the newest commenter who is not the account (name and picture only for DMs). Fields are null when Instagram has not given them.",
    }),
  caption: z.string().nullable().meta({ description: "Comments: the post's caption." }),
  isUnread: z.boolean(),
  needsReply: z.boolean().meta({
    description: "The last word is someone else's and the account has not answered.",
  }),
  labels: z.array(z.object({ id: z.string(), name: z.string(), color: z.enum(inboxLabelColors) })),
});

export const publicApiConversationsResponseSchema = z.object({
  data: z.array(publicApiConversationSchema),
  nextCursor,
});

const attachmentSchema = z.object({
  type: z.enum(["image", "video", "audio", "file", "share", "story", "link"]),
  url: z.string().nullable(),
});

export const publicApiDmThreadSchema = z.object({
  id: z.string(),
  kind: z.literal("dm"),
  person: z
    .object({
      id: z.string(),
      username: z.string().nullable(),
      name: z.string().nullable(),
      profilePic: z.string().nullable(),
    })
    .nullable()
    .meta({ description: "The other person; null when the thread has no message from them." }),
  window: z
    .object({
      isOpen: z.boolean(),
      closesAt: isoDateTime
        .nullable()
        .meta({ description: "24 hours after the person's last message; null with none." }),
    })
    .meta({
      description:
        "Instagram's 24-hour window: a business may reply within 24 hours of the person's last message.",
    }),
  readAt: isoDateTime.nullable(),
  messages: z
    .array(
      z.object({
        id: z.string(),
        fromId: z.string(),
        direction: z.enum(["inbound", "outbound"]),
        text: z.string().nullable(),
        createdTime: isoDateTime,
        sendStatus: z.enum(["sending", "sent", "failed"]).nullable().meta({
          description: "A reply sent from Sightline: where its send stands; null otherwise.",
        }),
        sendError: z.string().nullable().meta({ description: "Why a failed send failed." }),
        attachments: z.array(attachmentSchema),
      }),
    )
    .meta({ description: "Oldest first." }),
});

export const publicApiCommentThreadSchema = z.object({
  id: z.string(),
  kind: z.literal("comments"),
  post: z.object({
    id: z.string(),
    caption: z.string().nullable(),
    permalink: z.string().nullable(),
    mediaType: z.string().nullable(),
    postedAt: isoDateTime.nullable(),
    thumbnailUrl: z.string().nullable(),
  }),
  readAt: isoDateTime.nullable(),
  messages: z
    .array(
      z.object({
        id: z.string().meta({ description: "The comment's id: the `commentId` of its routes." }),
        parentId: z
          .string()
          .nullable()
          .meta({ description: "The top-level comment a reply is under; null for one." }),
        fromId: z.string(),
        username: z.string().nullable(),
        text: z.string().nullable(),
        createdAt: isoDateTime,
        isOwn: z.boolean().meta({ description: "Written by the account itself." }),
        isHidden: z.boolean(),
        privateReply: z
          .object({
            canReply: z.boolean(),
            reason: z.enum(["own", "sent", "expired"]).optional().meta({
              description: "Why not, when `canReply` is false.",
            }),
            until: isoDateTime
              .nullable()
              .meta({ description: "7 days after the comment; null for the account's own." }),
            sentAt: isoDateTime.nullable(),
            text: z.string().nullable(),
          })
          .meta({
            description:
              "The one private reply Instagram allows per comment by someone else, within 7 days of it.",
          }),
      }),
    )
    .meta({ description: "The post's comments, oldest first." }),
});

export const publicApiConversationMessagesResponseSchema = z.object({
  data: z.discriminatedUnion("kind", [publicApiDmThreadSchema, publicApiCommentThreadSchema]),
});

export const publicApiReplySentResponseSchema = z.object({
  data: z.object({
    status: z.literal("sent"),
    messageId: z.string().meta({ description: "Instagram's id of the last message sent." }),
    messageIds: z
      .array(z.string())
      .meta({ description: "Every message sent, in order: the image first, then the text." }),
  }),
});

export const publicApiCommentReplyResponseSchema = z.object({
  data: z.object({
    id: z.string().meta({ description: "The reply's comment id." }),
    parentId: z.string().meta({ description: "The top-level comment it is threaded under." }),
  }),
});

export const publicApiPrivateReplyResponseSchema = z.object({
  data: z.object({
    status: z.literal("sent"),
    messageId: z.string().nullable(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Audience

const demographicSnapshotSchema = z
  .object({
    day: isoDay.meta({ description: "The day Instagram's answer was read." }),
    timeframe: z.string(),
    buckets: z.array(
      z.object({
        dimensions: z.array(z.string()),
        value: z.number(),
        share: z.number().meta({ description: "value ÷ base.value, a ratio: 0.428 is 42.8 %." }),
      }),
    ),
    base: z.object({ value: z.number(), label: z.string() }),
  })
  .nullable();

const demographicsSchema = z.object({
  age: demographicSnapshotSchema,
  gender: demographicSnapshotSchema,
  country: demographicSnapshotSchema,
  city: demographicSnapshotSchema,
});

const growthDaySchema = z.object({
  day: isoDay,
  follows: z.number().int().nullable(),
  unfollows: z.number().int().nullable(),
});

export const publicApiAudienceResponseSchema = z.object({
  data: z.object({
    accountId: z.string(),
    connected: z.literal(true),
    followersCount: z.number().int().nullable(),
    demographics: z
      .object({ followers: demographicsSchema, engaged: demographicsSchema })
      .meta({ description: "The newest snapshot per audience and breakdown; null when none." }),
    demographicsNotice: z
      .string()
      .nullable()
      .meta({ description: "Why there are no demographics yet, when there are none." }),
    demographicsLocked: z
      .object({
        capability: z
          .string()
          .meta({ description: "The plan capability left out: `advancedAnalytics`." }),
        plan: z.enum(planIds),
        requiredPlan: z.enum(planIds).nullable(),
      })
      .nullable()
      .meta({
        description:
          "Set when the plan leaves demographics out (advanced analytics): then every breakdown is null.",
      }),
    activeHours: z.object({
      timeZone: z.string(),
      days: z.number().int().meta({ description: "Stored days of the last 30 averaged." }),
      grid: z.array(z.array(z.number().nullable())).meta({
        description:
          "[weekday 0 = Sunday][hour 0–23]: average followers online, null without data.",
      }),
      notice: z.string().nullable(),
    }),
    growth: z.object({
      from: isoDay,
      to: isoDay,
      oldestDay: isoDay.nullable(),
      series: z.array(growthDaySchema).meta({
        description: "Follows and unfollows per day; a day not stored is null, not zero.",
      }),
      rate: z
        .object({
          netChange: z.number().int(),
          follows: z.number().int(),
          unfollows: z.number().int(),
          startFollowers: z.number().int(),
          ratePct: z.number().nullable(),
          days: z.number().int(),
          from: isoDay,
          to: isoDay,
        })
        .nullable(),
      projection: z
        .union([
          z.object({
            milestone: z.number().int(),
            followers: z.number().int(),
            perDay: z.number(),
            basisDays: z.number().int(),
            daysToGo: z.number().int(),
            date: isoDay,
            assumption: z.string(),
          }),
          z.object({ milestone: z.number().int(), reason: z.string() }),
        ])
        .nullable()
        .meta({
          description:
            "When the next follower milestone is reached at the stored days' pace, or the `reason` there is no date.",
        }),
      notice: z.string().nullable(),
      missingDaysNote: z.string().nullable(),
    }),
  }),
});

// ---------------------------------------------------------------------------------------------
// Radars

export const publicApiMentionSchema = z.object({
  id: z.string(),
  sourceId: z.string(),
  sourceTitle: z.string(),
  title: z.string(),
  titleHighlights: z
    .array(z.tuple([z.number().int(), z.number().int()]))
    .meta({ description: "[start, end) character ranges of `title` that matched a keyword." }),
  link: z.string().nullable(),
  snippet: z.string(),
  highlights: z
    .array(z.tuple([z.number().int(), z.number().int()]))
    .meta({ description: "[start, end) character ranges of `snippet` that matched a keyword." }),
  keywordIds: z.array(z.string()),
  matchedTerms: z.array(z.string()),
  publishedAt: isoDateTime,
  language: z.string(),
  sentiment: z.enum(mentionSentiments),
  sentimentScore: z.number().int(),
  isSeen: z.boolean(),
});

export const publicApiMentionsResponseSchema = z.object({
  data: z.array(publicApiMentionSchema),
  nextCursor,
});

export const publicApiTrendHashtagSchema = z.object({
  id: z.string(),
  name: z.string(),
  lastSampledAt: isoDateTime.nullable(),
  lastError: z.string().nullable(),
  pausedReason: z
    .string()
    .nullable()
    .meta({ description: "Over the plan's hashtag limit: why it is not sampled." }),
  stats: z
    .object({
      sampledAt: isoDateTime,
      dailyVolume: z.number().int(),
      currentVolume: z.number().int().meta({ description: "Recent posts of the last 12 hours." }),
      previousVolume: z.number().int().meta({ description: "Recent posts of the 12 before." }),
      velocity: z.number().nullable(),
      label: z.enum(trendLabels),
      reason: z.string(),
      medianTopEngagement: z.number().nullable(),
      topCount: z.number().int(),
      coHashtags: z
        .array(z.tuple([z.string(), z.number().int()]))
        .meta({ description: "[hashtag, top posts it appears in], most frequent first." }),
    })
    .nullable()
    .meta({ description: "The newest sample's figures; null before the first." }),
  topMedia: z.array(
    z.object({
      id: z.string(),
      mediaType: z.string(),
      mediaUrl: z.string().nullable(),
      permalink: z.string().nullable(),
      caption: z.string(),
      likeCount: z.number().int().nullable(),
      commentsCount: z.number().int().nullable(),
      timestamp: isoDateTime.nullable(),
    }),
  ),
});

export const publicApiTrendsResponseSchema = z.object({
  data: z.object({
    hashtags: z.array(publicApiTrendHashtagSchema),
    hashtagLimit: z.number().int().meta({ description: "Hashtags the plan may track." }),
    budget: z
      .object({
        limit: z.number().int(),
        used: z.number().int(),
        remaining: z.number().int(),
        nextSlotAt: isoDateTime
          .nullable()
          .meta({ description: "When the oldest counted look-up leaves the 7-day window." }),
        counted: z
          .array(z.string())
          .meta({ description: "Hashtags counted in the window: looking one up again is free." }),
      })
      .nullable()
      .meta({
        description:
          "Instagram's 30 unique hashtag look-ups per account per rolling 7 days; null without a connected account.",
      }),
    blocker: z
      .string()
      .nullable()
      .meta({ description: "Why hashtags cannot be looked up now, when they cannot." }),
  }),
});
