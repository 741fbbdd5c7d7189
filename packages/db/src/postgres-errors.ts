/**
 * The SQLSTATE of a failed query (`23505` unique violation, `40P01` deadlock, …): the first
 * string `code` on the error or its causes, since drizzle wraps the driver's error.
 */
export function postgresErrorCode(error: unknown): string | undefined {
  for (let cause = error; cause && typeof cause === "object"; ) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string") return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}
