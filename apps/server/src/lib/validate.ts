import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { AppError } from "./app-error.ts";
import { withRouteDoc } from "./route-docs.ts";

/** True when any string in the value (recursively) contains a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 32 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes("\u0000") || containsNul(item, depth + 1),
  );
}

/**
 * zValidator whose failures go through the one error handler (422 with the issues). A NUL
 * character anywhere in the input is a 400: no text field accepts it, and PostgreSQL cannot store it.
 * It carries its target and schema for the API's documentation (route-docs.ts).
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  const middleware = zValidator(target, schema, (result) => {
    if (containsNul(result.data)) {
      throw new AppError("bad_request", "The request contains a NUL character.");
    }
    if (!result.success) throw result.error;
  });
  return withRouteDoc(middleware, {
    input: { target, schema },
    errors: [
      {
        status: 422,
        code: "validation_failed",
        message: "The request does not match the schema; `issues` lists each problem.",
      },
    ],
  });
}
