import { z } from "zod";
import { graphIdSchema } from "./common.ts";

/** §2.1 — container creation; `uri` only with `upload_type=resumable`. */
export const containerCreateResultSchema = z.object({
  id: graphIdSchema,
  uri: z.string().optional(),
});
export type ContainerCreateResult = z.infer<typeof containerCreateResultSchema>;

export const containerStatusCodeSchema = z.enum([
  "IN_PROGRESS",
  "FINISHED",
  "ERROR",
  "EXPIRED",
  "PUBLISHED",
]);
export type ContainerStatusCode = z.infer<typeof containerStatusCodeSchema>;

/** §2.4 */
export const containerStatusSchema = z.object({
  id: graphIdSchema,
  status_code: containerStatusCodeSchema.optional(),
  status: z.string().optional(),
});

/**
 * §2.3 — a resumable upload's progress, on the container (`fields=video_status`): how many bytes
 * arrived (`uploading_phase.bytes_transferred`), which is where an interrupted upload resumes.
 */
export const videoStatusSchema = z.object({
  id: graphIdSchema,
  video_status: z
    .object({
      uploading_phase: z
        .object({ status: z.string().optional(), bytes_transferred: z.number().optional() })
        .optional(),
      processing_phase: z.object({ status: z.string().optional() }).optional(),
    })
    .optional(),
});
export type ContainerStatus = z.infer<typeof containerStatusSchema>;

/** §2.6 */
export const publishingLimitSchema = z.object({
  data: z.array(
    z.object({
      quota_usage: z.number().optional(),
      config: z.object({ quota_total: z.number(), quota_duration: z.number() }).optional(),
    }),
  ),
});
export type PublishingLimit = z.infer<typeof publishingLimitSchema>;

/** §2.3 — rupload success: `{"success":true,"message":"Upload successful."}`, no offset. */
export const ruploadSuccessSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
});
