import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { AppError } from "./app-error.ts";

/** The path of the first string holding a NUL character, which no text column can store. */
export function findNulCharacter(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === "string")
    return value.includes("\u0000") ? path.join(".") || "value" : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findNulCharacter(item, [...path, String(index)]);
      if (found !== undefined) return found;
    }
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const found = findNulCharacter(item, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * zValidator whose failures go through the one error handler (422 with the issues). Text with a
 * NUL character is refused here for every route, instead of failing in the database as a 500.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw result.error;
    const path = findNulCharacter(result.data);
    if (path !== undefined) {
      const message = "Text must not contain NUL characters.";
      throw new AppError("validation_failed", message, [{ path, message }]);
    }
  });
}
