import { z } from "zod";
import { scheduledPostStatuses } from "./instagram.ts";
import type { PostType } from "./post-type.ts";

/**
 * The content scheduler (issue 14): every post of the user in a time range, made here or synced
 * from Instagram, and rescheduling one.
 */

/** The widest range one calendar request may ask for (a month view with its edge weeks fits). */
export const CALENDAR_MAX_RANGE_DAYS = 100;
/** Beyond this many posts in one range the answer is cut (and says so). */
export const CALENDAR_MAX_POSTS = 5_000;

export const calendarPostTypes = [
  "IMAGE",
  "CAROUSEL",
  "REEL",
  "VIDEO",
] as const satisfies readonly PostType[];

const csvOf = <T extends string>(values: readonly [T, ...T[]], name: string) =>
  z
    .string()
    .max(200)
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const parts = [...new Set(value.split(",").map((part) => part.trim()))].filter(Boolean);
      for (const part of parts) {
        if (!(values as readonly string[]).includes(part)) {
          ctx.addIssue({
            code: "custom",
            message: `${name} must be one or more of ${values.join(", ")}`,
          });
          return z.NEVER;
        }
      }
      return parts as T[];
    });

export const calendarQuerySchema = z
  .object({
    from: z.iso.datetime({ offset: true, message: "from must be an ISO date and time" }),
    to: z.iso.datetime({ offset: true, message: "to must be an ISO date and time" }),
    status: csvOf(scheduledPostStatuses, "status"),
    type: csvOf(calendarPostTypes, "type"),
  })
  .refine((query) => new Date(query.from) < new Date(query.to), {
    message: "from must be before to",
    path: ["to"],
  })
  .refine(
    (query) =>
      new Date(query.to).getTime() - new Date(query.from).getTime() <=
      CALENDAR_MAX_RANGE_DAYS * 86_400_000,
    { message: `The range can be at most ${CALENDAR_MAX_RANGE_DAYS} days`, path: ["to"] },
  );
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

export const reschedulePostSchema = z
  .object({
    scheduled_time: z.iso.datetime({
      offset: true,
      message: "scheduled_time must be an ISO date and time",
    }),
    time_zone: z.string().min(1).max(64),
  })
  .strict();
export type ReschedulePost = z.infer<typeof reschedulePostSchema>;

export const bestTimesQuerySchema = z.object({ time_zone: z.string().min(1).max(64) });
