import { z } from "zod";

/** Every error the API can answer with. One table maps each code to its HTTP status. */
export const errorStatus = {
  bad_request: 400,
  validation_failed: 422,
  unauthorized: 401,
  forbidden: 403,
  /** A personal access token without the scope the route needs (the message names it). */
  insufficient_scope: 403,
  /** The workspace's plan does not include this: `capability` and `requiredPlan` say which. */
  plan_required: 403,
  not_found: 404,
  conflict: 409,
  /** The public API: a write with this Idempotency-Key is still running. */
  idempotency_key_in_use: 409,
  /** The public API: this Idempotency-Key came before with another request. */
  idempotency_key_reused: 422,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  /** Another host (Meta's CDN, say) failed us: refused, unreachable, or not what was asked for. */
  bad_gateway: 502,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodeSchema = z.enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]]);

/** The one wire shape of every non-2xx JSON answer. */
export const errorResponseSchema = z.object({
  error: z.object({
    code: errorCodeSchema,
    message: z.string(),
    requestId: z.string().optional(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** With `plan_required`: the capability asked for, the plan the workspace is on and the
     * cheapest plan that has it (null when none has more). */
    capability: z.string().optional(),
    plan: z.string().optional(),
    requiredPlan: z.string().nullable().optional(),
  }),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
