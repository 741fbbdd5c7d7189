import { z } from "zod";

/** §8.4 — `X-App-Usage`, values are percentages of the limit. */
export const appUsageHeaderSchema = z.object({
  call_count: z.number().optional(),
  total_cputime: z.number().optional(),
  total_time: z.number().optional(),
});

/** §8.4 — `X-Business-Use-Case-Usage`, keyed by the IG account (or business) id. */
export const businessUseCaseUsageHeaderSchema = z.record(
  z.string(),
  z.array(
    z.object({
      type: z.string().optional(),
      call_count: z.number().optional(),
      total_cputime: z.number().optional(),
      total_time: z.number().optional(),
      estimated_time_to_regain_access: z.number().optional(),
    }),
  ),
);
