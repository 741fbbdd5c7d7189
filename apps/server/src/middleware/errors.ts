import type { ErrorResponse } from "@sightline/contracts";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ZodError } from "zod";
import { AppError } from "../lib/app-error.ts";
import type { AppEnv } from "../lib/app-types.ts";
import { redactPath } from "../lib/redact.ts";
import { RateLimitedError } from "../platform/limits/user-limits.ts";

function body(c: Context<AppEnv>, error: ErrorResponse["error"]): ErrorResponse {
  return { error: { ...error, requestId: c.get("requestId") } };
}

/** Maps every thrown error to the one wire shape; unexpected ones are logged with their stack. */
export function handleError(err: Error, c: Context<AppEnv>) {
  if (err instanceof AppError) {
    if (err instanceof RateLimitedError) c.header("Retry-After", String(err.retryAfterSeconds));
    return c.json(
      body(c, {
        code: err.code,
        message: err.message,
        ...(err.issues ? { issues: err.issues } : {}),
        ...(err.planRequired ?? {}),
      }),
      err.status as ContentfulStatusCode,
    );
  }
  if (err instanceof ZodError) {
    return c.json(
      body(c, {
        code: "validation_failed",
        message: err.issues[0]?.message ?? "Invalid input",
        issues: err.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
      }),
      422,
    );
  }
  if (err instanceof HTTPException && err.status < 500) {
    const code =
      err.status === 401
        ? "unauthorized"
        : err.status === 403
          ? "forbidden"
          : err.status === 413
            ? "payload_too_large"
            : "bad_request";
    return c.json(body(c, { code, message: err.message || "Bad request" }), err.status);
  }
  const log = c.get("logger");
  log.error({ err, method: c.req.method, path: redactPath(c.req.path) }, "unhandled error");
  return c.json(
    body(c, {
      code: "internal",
      message: "An unexpected error occurred. Please try again.",
    }),
    500,
  );
}

export function apiNotFound(c: Context<AppEnv>) {
  return c.json(
    body(c, { code: "not_found", message: `No API route matches ${c.req.method} ${c.req.path}` }),
    404,
  );
}
