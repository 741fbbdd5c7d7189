import { ApiError } from "../../lib/api-error.ts";

/** What a failed request says to the user: a refused field's message first, else the error's. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.issues[0]?.message ?? error.message;
  return error instanceof Error && error.message
    ? error.message
    : "Something went wrong. Please try again.";
}
