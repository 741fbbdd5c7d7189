import { z } from "zod";

/**
 * Meta sends 17-digit IDs; a few endpoints (the IG code exchange) send them as JSON numbers,
 * which the client rewrites to strings before parsing (see `parseJsonPreservingIds`).
 */
export const graphIdSchema = z.union([z.string(), z.number()]).transform((value) => String(value));

export const cursorsSchema = z.object({
  before: z.string().optional(),
  after: z.string().optional(),
});

export const pagingSchema = z.object({
  cursors: cursorsSchema.optional(),
  next: z.string().optional(),
  previous: z.string().optional(),
});
export type GraphPaging = z.infer<typeof pagingSchema>;

/** `{"data":[…],"paging":{…}}` — the shape of every Graph collection. */
export function collectionSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    paging: pagingSchema.optional(),
  });
}

export const successSchema = z.object({ success: z.boolean() });
export type GraphSuccess = z.infer<typeof successSchema>;

export const idResultSchema = z.object({ id: graphIdSchema });

export const deleteResultSchema = z.object({
  success: z.boolean(),
  deleted_id: z.string().optional(),
});

/** §8.1 — the Graph error envelope. */
export const graphErrorBodySchema = z.object({
  message: z.string(),
  type: z.string().optional(),
  code: z.number(),
  error_subcode: z.number().optional(),
  is_transient: z.boolean().optional(),
  error_user_title: z.string().optional(),
  error_user_msg: z.string().optional(),
  fbtrace_id: z.string().optional(),
});
export const graphErrorEnvelopeSchema = z.object({ error: graphErrorBodySchema });
export type GraphErrorEnvelope = z.infer<typeof graphErrorEnvelopeSchema>;

/** §1.2 — the IG code exchange answers failures in a legacy, non-envelope shape. */
export const legacyOAuthErrorSchema = z.object({
  error_type: z.string(),
  code: z.number(),
  error_message: z.string(),
});
export type LegacyOAuthError = z.infer<typeof legacyOAuthErrorSchema>;

/** §2.3 — rupload failures (where to resume is read from the container's video_status). */
export const ruploadErrorSchema = z.object({
  debug_info: z.object({
    retriable: z.boolean(),
    type: z.string(),
    message: z.string(),
  }),
});
export type RuploadError = z.infer<typeof ruploadErrorSchema>;

/** §0 — `+0000` ISO timestamps. Kept as strings; `parseGraphTime` converts. */
export const graphTimeSchema = z.string();

export function parseGraphTime(value: string): Date {
  // "2025-07-28T22:44:49+0000" is not accepted by every Date parser without the colon.
  const normalised = value.replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  return new Date(normalised);
}
