import { z } from "zod";
import { ANALYTICS_MAX_DAYS } from "./analytics.ts";
import { scheduleRequestSchema } from "./instagram.ts";
import {
  accessTokenScopes,
  PUBLIC_API_POSTS_DEFAULT_LIMIT,
  PUBLIC_API_POSTS_MAX_LIMIT,
} from "./public-api.ts";

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
