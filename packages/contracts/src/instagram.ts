import { z } from "zod";
import { MAX_FILE_BYTES } from "./post-type.ts";

/**
 * The Instagram connection as the web app sees it (spec §3 instagram_connections, without the
 * token). Dates are ISO strings.
 */
export type InstagramConnection = {
  id: string;
  /** The member who connected it (spec's user_id; decision 026), "" once they are deleted. */
  user_id: string;
  /** The workspace the account belongs to (decision 026). */
  workspace_id: string;
  instagram_id: string;
  page_instagram_id: string | null;
  instagram_username: string;
  token_expires_at: string | null;
  profile_picture_url: string | null;
  followers_count: number | null;
  updated_at: string;
  login: "instagram" | "facebook";
  status: "active" | "needs_reconnection";
  status_reason: string | null;
  scopes: string[];
  name: string | null;
  account_type: string | null;
  follows_count: number | null;
  media_count: number | null;
  connected_at: string;
  last_synced_at: string | null;
  sync_notes: Array<{ area: string; message: string }>;
  /**
   * While the first sync reads the 90 days Instagram keeps: how far it is (issue 23); null once
   * synced. Only the connection route fills it in.
   */
  sync_progress?: { days: number; percent: number } | null;
  /**
   * Why the account is paused by the workspace's plan (more accounts than it connects, issue 30):
   * not synced or published to, its history kept; null when active. The list fills it in.
   */
  paused_reason?: string | null;
};

export const connectLogins = ["instagram", "facebook"] as const;
export type ConnectLogin = (typeof connectLogins)[number];

/**
 * `switch: true` re-authorises the connected account with the other login method (Trend Radar
 * needs Facebook Login): the consent must come back with the same account, and every stored row
 * stays. Without it, a connect or reconnect may pick any account.
 */
export const connectStartSchema = z.object({
  login: z.enum(connectLogins),
  switch: z.boolean().optional(),
});

/** What the callback page posts back: the code and state Meta put in the redirect. */
export const connectCallbackSchema = z
  .object({
    login: z.enum(connectLogins),
    state: z.string().min(16).max(200).optional(),
    code: z.string().min(1).max(2048).optional(),
    error: z.string().max(200).optional(),
    error_reason: z.string().max(200).optional(),
    error_description: z.string().max(1000).optional(),
  })
  .strict();

/**
 * A connect link (issue 29 point 3): for whom (shown to them) and, optionally, where to e-mail it.
 * Both optional: the member may copy the link and send it their own way.
 */
export const createConnectLinkSchema = z
  .object({
    label: z
      .string()
      .trim()
      .max(80, "Keep the name under 80 characters.")
      .optional()
      .transform((value) => (value ? value : undefined)),
    email: z
      .string()
      .trim()
      .max(254, "Enter a valid email address.")
      .refine(
        (value) => value === "" || z.string().email().safeParse(value).success,
        "Enter a valid email address.",
      )
      .transform((value) => value.toLowerCase())
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .strict();
export type CreateConnectLinkInput = z.input<typeof createConnectLinkSchema>;

/** A connect link as the workspace's members see it (the token itself is shown once, at creation). */
export type ConnectLinkView = {
  id: string;
  label: string | null;
  email: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  used_username: string | null;
};

/** What the link's page shows its visitor: no more than who asks, for which workspace. */
export type ConnectLinkPublicView = {
  workspace_name: string;
  label: string | null;
  expires_at: string;
  logins: ConnectLogin[];
};

/** How a connect link's OAuth state begins: the callback page finishes it without a session. */
export const CONNECT_LINK_STATE_PREFIX = "link.";

/** A connect link works this many days, once. */
export const CONNECT_LINK_TTL_DAYS = 7;

/** The link's token (from its address) and the login its visitor chose. */
export const connectLinkStartSchema = z
  .object({
    token: z.string().min(20).max(200),
    login: z.enum(connectLogins),
  })
  .strict();

export const disconnectSchema = z.object({
  /** Keep the posts published through Sightline (their captions, times and results). */
  keepPublishedHistory: z.boolean().default(true),
});

export const userProfileGetSchema = z.object({
  igsid: z
    .string()
    .regex(/^\d{1,30}$/, "igsid must be an Instagram-scoped id (digits)")
    .max(30),
  force: z.boolean().optional(),
});

export const userLookupSchema = z.object({
  username: z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, ""))
    .pipe(
      z
        .string()
        .min(1, "Enter a username.")
        .max(30, "Instagram usernames have at most 30 characters.")
        .regex(
          /^[A-Za-z0-9._]+$/,
          "Instagram usernames use letters, digits, periods and underscores.",
        ),
    ),
});

/** Spec §7 instagram-optimal-times: the request the schedule sheet's AI Suggest sends. */
export const optimalTimesRequestSchema = z
  .object({
    start_date: z.iso.date("start_date must be a date (YYYY-MM-DD)"),
    count: z.number().int().min(1, "count must be at least 1").max(50, "count must be at most 50"),
    days_per_week: z
      .number()
      .int()
      .min(1, "days_per_week must be between 1 and 7")
      .max(7, "days_per_week must be between 1 and 7"),
    allowed_weekdays: z
      .array(z.number().int().min(0).max(6, "weekdays are 0 (Sunday) to 6 (Saturday)"))
      .min(1, "allow at least one weekday")
      .max(7),
    hour_window: z
      .object({
        from: z.number().int().min(0).max(23),
        to: z.number().int().min(0).max(23),
      })
      .refine((window) => window.from <= window.to, {
        message: "hour_window.from must not be after hour_window.to",
      }),
    timezone: z.string().min(1).max(64),
  })
  .strict();
export type OptimalTimesRequestBody = z.infer<typeof optimalTimesRequestSchema>;

/** Spec §7 instagram-caption-generate. */
export const captionGenerateRequestSchema = z
  .object({ media_url: z.string().min(1, "media_url is required").max(2048) })
  .strict();

const storedFileSchema = z.object({
  key: z.string().min(1).max(512),
});

/**
 * Schedule (spec §4, §5; issue 13 point 4): the whole draft, its files already uploaded to
 * storage (`/api/uploads/<bucket>`), and the instant in UTC with the user's time zone.
 */
export const scheduleRequestSchema = z
  .object({
    items: z
      .array(
        storedFileSchema.extend({
          bucket: z.enum(["instagram-media", "scheduled-content"]),
          mediaType: z.enum(["image", "video"]),
          aspectRatio: z.number().positive().max(10).optional(),
          durationMs: z
            .number()
            .int()
            .min(0)
            .max(15 * 60_000)
            .optional(),
          cover: storedFileSchema.extend({ bucket: z.literal("instagram_media") }).optional(),
          tags: z
            .array(
              z.object({
                username: z.string().trim().min(1).max(30),
                x: z.number().min(0).max(100),
                y: z.number().min(0).max(100),
              }),
            )
            .max(20)
            .optional(),
        }),
      )
      .max(10, "At most 10 media items"),
    caption: z.string().max(10_000).default(""),
    hashtags: z.array(z.string().trim().min(1).max(100)).max(100).default([]),
    collaborators: z.array(z.string().trim().min(1).max(30)).max(10).default([]),
    scheduled_time: z.iso.datetime({
      offset: true,
      message: "scheduled_time must be an ISO date and time",
    }),
    time_zone: z.string().min(1).max(64),
    thumbnail: storedFileSchema
      .extend({ bucket: z.enum(["scheduled-content", "instagram_media"]) })
      .optional(),
    /** Made by the browser once per draft: the same id again never makes a second post. */
    client_id: z.uuid("client_id must be a UUID").optional(),
  })
  .strict();
export type ScheduleRequest = z.infer<typeof scheduleRequestSchema>;

/**
 * Publish now (issue 13 point 3): the same draft without a time. The server answers 202 with
 * the post in status `publishing` and runs the one publish pipeline; progress and the outcome
 * arrive as `scheduled-posts:updated` events and from GET /api/scheduled-posts/:id.
 */
export const publishNowRequestSchema = scheduleRequestSchema
  .omit({ scheduled_time: true, client_id: true })
  .extend({ client_id: z.uuid("client_id must be a UUID") })
  .strict();
export type PublishNowRequest = z.infer<typeof publishNowRequestSchema>;

/**
 * Edit (issue 14): the composer saves a draft, scheduled or failed post again with the whole
 * draft, at `scheduled_time` or, with `publish_now`, at once.
 */
export const updateScheduledPostSchema = scheduleRequestSchema
  .omit({ scheduled_time: true, client_id: true })
  .extend({
    scheduled_time: scheduleRequestSchema.shape.scheduled_time.optional(),
    publish_now: z.boolean().optional(),
  })
  .strict()
  .refine((body) => body.publish_now === true || body.scheduled_time !== undefined, {
    message: "scheduled_time is required unless publish_now is true",
    path: ["scheduled_time"],
  });
export type UpdateScheduledPost = z.infer<typeof updateScheduledPostSchema>;

/** Statuses of a post made here (spec §4 plus draft for the content scheduler). */
export const scheduledPostStatuses = [
  "draft",
  "scheduled",
  "publishing",
  "published",
  "failed",
] as const;
export type ScheduledPostStatus = (typeof scheduledPostStatuses)[number];

/** Spec §7 instagram-video-init. */
export const videoInitRequestSchema = z
  .object({
    media_product: z.enum(["REELS", "VIDEO"], "media_product must be REELS or VIDEO"),
    is_carousel_item: z.boolean().default(false),
  })
  .strict();

/** Spec §7 instagram-video-upload: the chunk is the raw body; where it goes is in the query. */
export const videoUploadQuerySchema = z.object({
  container_id: z.string().regex(/^\d{1,40}$/, "container_id must be a container id"),
  offset: z.coerce.number().int().min(0, "offset must be 0 or more"),
  file_size: z.coerce
    .number()
    .int()
    .min(1, "file_size must be the whole file's size in bytes")
    .max(MAX_FILE_BYTES, "File is too large. Please use a smaller video (max 50MB)"),
});

/** Spec §7 instagram-video-status. */
export const videoStatusRequestSchema = z
  .object({
    container_id: z.string().regex(/^\d{1,40}$/, "container_id must be a container id"),
  })
  .strict();

const fractionTagSchema = z.object({
  username: z.string().trim().min(1, "a tag needs a username").max(30),
  x: z.number().min(0, "x is a fraction from 0 to 1").max(1, "x is a fraction from 0 to 1"),
  y: z.number().min(0, "y is a fraction from 0 to 1").max(1, "y is a fraction from 0 to 1"),
});

/** Spec §7 instagram-photo-post: one image or a carousel of images, published at once. */
export const photoPostRequestSchema = z
  .object({
    caption: z.string().max(10_000).default(""),
    image_urls: z
      .array(z.string().url("image_urls must be URLs").max(2048))
      .min(1, "No media to publish")
      .max(10, "At most 10 media items"),
    collaborators: z.string().max(200).default(""),
    user_tags: z.array(z.array(fractionTagSchema).max(20)).max(10).default([]),
  })
  .strict();

/** Spec §7 instagram-publish-post. */
export const publishPostRequestSchema = z
  .object({
    media_type: z.enum(["REEL", "VIDEO"], "media_type must be REEL or VIDEO"),
    creation_id: z.string().regex(/^\d{1,40}$/, "creation_id must be a container id"),
  })
  .strict();
