import { z } from "zod";
import { scheduledPostStatuses } from "./instagram.ts";
import { publicApiPostSchema } from "./public-api-responses.ts";

/*
 * What /api/v1 answers about posts made in Sightline and uploads (decision 033's addendum), as
 * the OpenAPI document shows it and the integration tests parse it (decision 035). Plain
 * objects, not strict: a client should accept fields added later.
 */

const isoDateTime = z.string().meta({ format: "date-time" });

/** GET /accounts/{accountId}/posts/{postId}: a published post, its metrics and their history. */
export const publicApiPostDetailResponseSchema = z.object({
  data: publicApiPostSchema.extend({
    hashtags: z.array(z.string()).meta({ description: "The caption's hashtags, without `#`." }),
    history: z
      .array(
        z.object({
          capturedAt: isoDateTime,
          metric: z.string().meta({ description: "`reach`, `views`, `likes`, `saves`, …" }),
          value: z.number(),
        }),
      )
      .meta({ description: "Every stored reading of the post's metrics, oldest first." }),
  }),
});

/** A post made in Sightline (`scheduled_posts`), as every `/scheduled-posts` route answers it. */
export const publicApiScheduledPostSchema = z.object({
  id: z.string().meta({ description: "The post's id in Sightline: the `postId` of its routes." }),
  accountId: z.string(),
  status: z.enum(scheduledPostStatuses),
  caption: z.string(),
  hashtags: z.array(z.string()),
  collaborators: z.array(z.string()),
  postType: z
    .enum(["IMAGE", "CAROUSEL", "REEL", "VIDEO"])
    .nullable()
    .meta({ description: "What the post goes out as, when known." }),
  scheduledTime: isoDateTime,
  timeZone: z.string(),
  media: z.array(
    z.object({
      bucket: z.string(),
      key: z.string(),
      mediaType: z.enum(["image", "video"]),
      cover: z
        .object({ bucket: z.string(), key: z.string() })
        .optional()
        .meta({ description: "A video's cover frame, when one was given." }),
    }),
  ),
  igMediaId: z
    .string()
    .nullable()
    .meta({ description: "Once published: Instagram's media id, the `postId` of `/posts`." }),
  permalink: z.string().nullable(),
  publishedAt: isoDateTime.nullable(),
  error: z.string().nullable().meta({ description: "Why the last attempt failed, if it did." }),
  attemptCount: z.number().int().meta({ description: "Publish attempts made so far." }),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

const checksSchema = z.array(z.object({ code: z.string(), message: z.string() })).meta({
  description:
    "The pre-publish check's findings (empty: nothing Sightline can see stands in the way). The post is scheduled either way and checked again before it goes out.",
});

export const publicApiScheduledPostsResponseSchema = z.object({
  data: z.array(publicApiScheduledPostSchema),
  nextCursor: z
    .string()
    .nullable()
    .meta({ description: "Pass as `cursor` for the next page; null on the last page." }),
});

export const publicApiScheduledPostDetailResponseSchema = z.object({
  data: publicApiScheduledPostSchema.extend({
    attempts: z
      .array(
        z.object({
          attempt: z.number().int(),
          at: isoDateTime,
          step: z.string().meta({
            description: "`check`, `upload`, `containers`, `processing`, `publish` or `record`.",
          }),
          outcome: z.enum(["started", "done", "retrying", "failed"]),
          message: z.string().nullable(),
        }),
      )
      .meta({ description: "Every step of every publish attempt, oldest first." }),
  }),
});

export const publicApiScheduledPostCheckedResponseSchema = z.object({
  data: publicApiScheduledPostSchema,
  checks: checksSchema,
});

export const publicApiScheduledPostResponseSchema = z.object({
  data: publicApiScheduledPostSchema,
});

export const publicApiScheduledPostDeletedResponseSchema = z.object({
  data: z.object({ id: z.string(), deleted: z.literal(true) }),
});

/** An announced upload: where to PUT its bytes, and the file reference a draft names. */
export const publicApiUploadSchema = z.object({
  id: z.string().meta({ description: "The upload's id: the `uploadId` of its routes." }),
  status: z.enum(["pending", "complete", "expired"]).meta({
    description:
      "`pending` until its bytes arrive, `complete` once kept, `expired` when they never came in time.",
  }),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().meta({ description: "The announced size, in bytes." }),
  upload: z.object({
    url: z.string().meta({ description: "Where to PUT the bytes, with the same token." }),
    method: z.literal("PUT"),
    headers: z
      .object({ "Content-Type": z.string() })
      .meta({ description: "Headers to send with the bytes (besides `Authorization`)." }),
    expiresAt: isoDateTime.meta({ description: "The bytes must arrive before this instant." }),
  }),
  file: z
    .object({
      bucket: z.string(),
      key: z.string(),
      mediaType: z.enum(["image", "video"]).nullable(),
    })
    .meta({
      description:
        "The file reference a draft's `items` (or an item's `cover`, or a DM reply's `image`) names once the upload is complete.",
    }),
  completedAt: isoDateTime.nullable(),
});

export const publicApiUploadResponseSchema = z.object({ data: publicApiUploadSchema });
