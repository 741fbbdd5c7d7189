import { z } from "zod";
import { ANALYTICS_MAX_DAYS } from "./analytics.ts";
import { analyticsPostParamSchema } from "./analytics-schemas.ts";
import { commentTextSchema, messageTextSchema } from "./inbox.ts";
import { scheduledPostStatuses, scheduleRequestSchema } from "./instagram.ts";
import {
  accessTokenScopes,
  PUBLIC_API_POSTS_DEFAULT_LIMIT,
  PUBLIC_API_POSTS_MAX_LIMIT,
} from "./public-api.ts";
import { listMentionsQuerySchema } from "./radars.ts";

// The public API's request schemas (decision 033), apart from public-api.ts's values and types.

export const createAccessTokenSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "Give the token a name.")
      .max(60, "Keep the name to 60 characters or fewer."),
    scopes: z
      .array(z.enum(accessTokenScopes, { message: "Choose scopes from the list." }))
      .min(1, "Choose at least one scope.")
      .max(accessTokenScopes.length)
      .transform((scopes) => accessTokenScopes.filter((scope) => scopes.includes(scope))),
    expiresInDays: z.union([z.literal(7), z.literal(30), z.literal(90), z.literal(365)]).nullable(),
  })
  .strict();
export type CreateAccessTokenInput = z.input<typeof createAccessTokenSchema>;

export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255, "An Idempotency-Key has at most 255 characters.")
  .regex(/^[\x21-\x7e]+$/, "An Idempotency-Key is printable ASCII without spaces.");

const DAY_MS = 86_400_000;

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date written as YYYY-MM-DD.")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "That date does not exist.");

/**
 * GET /api/v1/accounts/:accountId/analytics/kpis: the dashboard's period, `since` to `until`
 * (both days inclusive; neither: the 28 days to yesterday), on `timezone`'s calendar (UTC
 * unless given). The dashboard's rules, in the API's names; the route maps it to the
 * dashboard's query.
 */
export const publicApiKpisQuerySchema = z
  .object({
    since: isoDay.optional().meta({
      description: "The period's first day, YYYY-MM-DD (with `until`).",
      example: "2026-11-01",
    }),
    until: isoDay.optional().meta({
      description: "The period's last day, included (with `since`).",
      example: "2026-11-28",
    }),
    timezone: z.string().min(1).max(64).optional().meta({
      description: "The IANA time zone whose calendar the days are on; UTC by default.",
      example: "Europe/Madrid",
    }),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.since === undefined && value.until === undefined) return;
    if (value.since === undefined || value.until === undefined) {
      ctx.addIssue({
        code: "custom",
        path: [value.since === undefined ? "since" : "until"],
        message: "A period needs both since and until.",
      });
      return;
    }
    const days =
      Math.round(
        (Date.parse(`${value.until}T00:00:00Z`) - Date.parse(`${value.since}T00:00:00Z`)) / DAY_MS,
      ) + 1;
    if (days < 1) {
      ctx.addIssue({
        code: "custom",
        path: ["until"],
        message: "The period ends before it starts.",
      });
    } else if (days > ANALYTICS_MAX_DAYS) {
      ctx.addIssue({
        code: "custom",
        path: ["until"],
        message: `A period can be at most ${ANALYTICS_MAX_DAYS} days long.`,
      });
    }
  });
export type PublicApiKpisQuery = z.infer<typeof publicApiKpisQuerySchema>;

/** GET /api/v1/accounts/:accountId/posts: newest first, keyset pages (`cursor` is opaque). */
export const publicApiPostsQuerySchema = z
  .object({
    limit: z.coerce
      .number()
      .int("The limit is a whole number.")
      .min(1, "The limit is at least 1.")
      .max(PUBLIC_API_POSTS_MAX_LIMIT, `The limit is at most ${PUBLIC_API_POSTS_MAX_LIMIT}.`)
      .default(PUBLIC_API_POSTS_DEFAULT_LIMIT)
      .meta({ description: "Posts per page.", example: 25 }),
    cursor: z
      .string()
      .min(1)
      .max(500)
      .optional()
      .meta({ description: "The previous page's `nextCursor`; leave it out for the first page." }),
  })
  .strict();

/**
 * POST /api/v1/accounts/:accountId/drafts: the composer's draft (the schedule request's fields
 * and rules), kept as a draft at `scheduled_time` and never published by itself.
 * `Idempotency-Key` stands for the composer's `client_id`.
 */
export const publicApiDraftSchema = scheduleRequestSchema.omit({ client_id: true }).strict();
export type PublicApiDraft = z.infer<typeof publicApiDraftSchema>;

// Issue 35 point 2, the rest of v1 (decision 033's addendum): posts made here, uploads,
// audience, inbox and radars. Bodies that are the composer's draft keep its field names
// (snake_case `scheduled_time`, `time_zone`); every other body is camelCase like the answers.

const publicApiLimit = z.coerce
  .number()
  .int("The limit is a whole number.")
  .min(1, "The limit is at least 1.")
  .max(PUBLIC_API_POSTS_MAX_LIMIT, `The limit is at most ${PUBLIC_API_POSTS_MAX_LIMIT}.`)
  .default(PUBLIC_API_POSTS_DEFAULT_LIMIT);

/** GET /api/v1/accounts/:accountId/posts/:postId: a published post's Instagram media id. */
export const publicApiPostParamSchema = z.object({
  postId: analyticsPostParamSchema.shape.igMediaId.meta({
    description:
      "Instagram's media id of a published post, as `GET /accounts/{accountId}/posts` lists it.",
  }),
});

/** A post made here (`scheduled_posts`): its id. */
export const publicApiScheduledPostParamSchema = z.object({
  postId: z.uuid("Not a scheduled post id.").meta({
    description: "The id of a post made in Sightline, as `/scheduled-posts` answers it.",
  }),
});

/**
 * GET /api/v1/accounts/:accountId/scheduled-posts: by scheduled time (`order`, soonest first
 * unless `desc`), keyset pages, only the statuses in `status` (comma-separated) when given.
 */
export const publicApiScheduledPostsQuerySchema = z
  .object({
    status: z
      .string()
      .max(100)
      .transform((value) => value.split(",").map((part) => part.trim()))
      .pipe(
        z
          .array(
            z.enum(scheduledPostStatuses, {
              message: `A status is one of ${scheduledPostStatuses.join(", ")}.`,
            }),
          )
          .min(1),
      )
      .optional()
      .meta({
        description: `Only posts with these statuses, comma-separated (${scheduledPostStatuses.join(", ")}); all when left out.`,
        example: "scheduled,failed",
      }),
    order: z
      .enum(["asc", "desc"], { message: "The order is asc or desc." })
      .default("asc")
      .meta({ description: "By scheduled time: `asc` soonest first (the default) or `desc`." }),
    limit: publicApiLimit.meta({ description: "Posts per page.", example: 25 }),
    cursor: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: "The previous page's `nextCursor`; leave it out for the first page." }),
  })
  .strict();

/**
 * POST /api/v1/accounts/:accountId/scheduled-posts: the composer's Schedule, the same body as
 * a draft (due at `scheduled_time`, queued for it).
 */
export const publicApiSchedulePostSchema = publicApiDraftSchema;

/**
 * POST /api/v1/accounts/:accountId/scheduled-posts/:postId/schedule: a draft (or a scheduled
 * post) scheduled with its own content, at `scheduled_time` (its own time when not given).
 */
export const publicApiScheduleStoredPostSchema = z
  .object({
    scheduled_time: scheduleRequestSchema.shape.scheduled_time.optional(),
    time_zone: scheduleRequestSchema.shape.time_zone.optional(),
  })
  .strict();

/** Announced types of an upload, and the extension each is kept under (HEIC becomes JPEG). */
export const publicApiUploadTypes = {
  "image/jpeg": { kind: "image", extension: "jpg" },
  "image/png": { kind: "image", extension: "png" },
  "image/webp": { kind: "image", extension: "webp" },
  "image/gif": { kind: "image", extension: "gif" },
  "image/heic": { kind: "image", extension: "jpg" },
  "image/heif": { kind: "image", extension: "jpg" },
  "video/mp4": { kind: "video", extension: "mp4" },
  "video/quicktime": { kind: "video", extension: "mov" },
} as const satisfies Record<string, { kind: "image" | "video"; extension: string }>;

/** Minutes an announced upload waits for its bytes. */
export const PUBLIC_API_UPLOAD_TTL_MINUTES = 60;

/**
 * POST /api/v1/uploads: a file about to be uploaded. `purpose` says where it is kept, as the
 * composer keeps it: `media` (a post's photo or video), `thumbnail`, or `cover` (a video's
 * cover frame: JPEG, at most 500KB). The type and size are checked again against the bytes.
 */
export const publicApiCreateUploadSchema = z
  .object({
    fileName: z
      .string()
      .trim()
      .min(1, "Name the file.")
      .max(255, "A file name has at most 255 characters."),
    contentType: z.string().trim().toLowerCase().min(1).max(100),
    size: z.number().int("The size is a whole number of bytes.").min(1, "The file is empty."),
    purpose: z.enum(["media", "thumbnail", "cover"]).default("media"),
  })
  .strict();
export type PublicApiCreateUpload = z.input<typeof publicApiCreateUploadSchema>;

export const publicApiUploadParamSchema = z.object({
  uploadId: z.uuid("This upload does not exist.").meta({
    description: "The upload's id, as `POST /uploads` answers it.",
  }),
});

/** GET /api/v1/accounts/:accountId/analytics/audience: days on `timezone`'s calendar (UTC). */
export const publicApiAudienceQuerySchema = z
  .object({
    timezone: z.string().min(1).max(64).optional().meta({
      description: "The IANA time zone whose calendar the days and hours are on; UTC by default.",
      example: "Europe/Vienna",
    }),
  })
  .strict();

/** GET /api/v1/accounts/:accountId/conversations: newest activity first, keyset pages. */
export const publicApiConversationsQuerySchema = z
  .object({
    filter: z
      .enum(["all", "dm", "comments", "unread", "needs_reply"], {
        message: "The filter is one of all, dm, comments, unread, needs_reply.",
      })
      .default("all")
      .meta({
        description:
          "`dm` threads, posts' `comments`, `unread` ones, those that `needs_reply`, or `all`.",
        example: "needs_reply",
      }),
    q: z.string().trim().max(100, "Search for at most 100 characters.").optional().meta({
      description:
        "Text to find in people's names and usernames, posts' captions and the texts of messages and comments.",
      example: "shipping",
    }),
    limit: publicApiLimit.meta({ description: "Conversations per page.", example: 25 }),
    cursor: z
      .string()
      .min(1)
      .max(300)
      .optional()
      .meta({ description: "The previous page's `nextCursor`; leave it out for the first page." }),
  })
  .strict();
export type PublicApiConversationsQuery = z.infer<typeof publicApiConversationsQuerySchema>;

export const publicApiConversationParamSchema = z.object({
  conversationId: z.string().min(1).max(200).meta({
    description:
      "A conversation's `id` from `GET /accounts/{accountId}/conversations`: a DM thread's id, or the post's media id for its comments.",
  }),
});

export const publicApiCommentParamSchema = z.object({
  commentId: z.string().min(1).max(200).meta({
    description:
      "A comment's `id` on one of the account's posts, as a comments conversation lists it.",
  }),
});

/**
 * POST /api/v1/accounts/:accountId/conversations/:conversationId/messages: a DM reply, text
 * and/or one of the workspace's own images (a file reference from POST /api/v1/uploads).
 * `Idempotency-Key` stands for the inbox's `client_id`.
 */
export const publicApiReplySchema = z
  .object({
    text: messageTextSchema.optional(),
    image: z
      .object({
        bucket: z.enum(["instagram-media", "scheduled-content"]),
        key: z.string().min(1).max(512),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((body) => body.text !== undefined || body.image !== undefined, {
    message: "Write a message or attach an image first.",
    path: ["text"],
  });

/** POST …/comments/:commentId/replies and …/private-reply. */
export const publicApiCommentReplySchema = z.object({ text: commentTextSchema }).strict();
export const publicApiPrivateReplySchema = z.object({ text: messageTextSchema }).strict();

/** GET /api/v1/radars/mentions: Press Radar's mentions, newest first, keyset pages. */
export const publicApiMentionsQuerySchema = z
  .object({
    sourceId: listMentionsQuerySchema.shape.sourceId.meta({
      description: "Only the mentions from this Press Radar source (its id).",
    }),
    keywordId: listMentionsQuerySchema.shape.keywordId.meta({
      description: "Only the mentions that matched this keyword (its id).",
    }),
    sentiment: listMentionsQuerySchema.shape.sentiment.meta({
      description: "Only `positive`, `neutral` or `negative` mentions.",
      example: "negative",
    }),
    cursor: listMentionsQuerySchema.shape.cursor.meta({
      description: "The previous page's `nextCursor`; leave it out for the first page.",
    }),
    limit: listMentionsQuerySchema.shape.limit.meta({
      description: "Mentions per page (at most 100).",
      example: 30,
    }),
  })
  .strict();
