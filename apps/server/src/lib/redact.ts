/** Query parameters whose values are secrets or lead to them (tokens, codes, redirect targets). */
const secretParams =
  /^(token|code|state|callbackurl|redirectto|redirect_uri|newcallbackurl|errorcallbackurl|otp|password|secret|signature|signed_request|access_token|id_token|refresh_token|key)$/i;

/** A path segment that looks like a token: long and made of token characters. */
const tokenLike = /^[A-Za-z0-9_\-.~%]{20,}$/;

/** Path prefixes whose next segment is always a secret, whatever its length. */
const secretSegmentAfter = [
  "/api/auth/reset-password/",
  "/reset-password/",
  "/api/auth/magic-link/",
];

/**
 * A path (optionally with a query) safe to log: token-like segments, the segment after a
 * known secret route, and the values of secret query parameters become `[redacted]`.
 */
export function redactPath(pathAndQuery: string): string {
  const queryAt = pathAndQuery.indexOf("?");
  const pathname = queryAt === -1 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
  const query = queryAt === -1 ? "" : pathAndQuery.slice(queryAt + 1);
  let safePath = pathname
    .split("/")
    .map((segment) => (tokenLike.test(segment) ? "[redacted]" : segment))
    .join("/");
  for (const prefix of secretSegmentAfter) {
    if (safePath.startsWith(prefix) && safePath.length > prefix.length) {
      safePath = `${prefix}[redacted]`;
    }
  }
  if (!query) return safePath;
  const safeQuery = query
    .split("&")
    .map((pair) => {
      const [key = ""] = pair.split("=", 1);
      let name = key;
      try {
        name = decodeURIComponent(key);
      } catch {
        // keep as is
      }
      return secretParams.test(name) ? `${key}=[redacted]` : pair;
    })
    .join("&");
  return `${safePath}?${safeQuery}`;
}

/**
 * An error as the log may see it: no SQL parameters (Drizzle puts them in the message and in
 * `params`), no database `detail` (it repeats the values, e.g. a duplicate e-mail address).
 */
export function serializeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const message = err.message.replace(/\nparams:[\s\S]*$/, "\nparams: [redacted]");
  const out: Record<string, unknown> = {
    type: err.name,
    message,
    stack: err.stack?.replace(err.message, message),
  };
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") out.code = code;
  if ("query" in err && typeof err.query === "string") out.query = err.query;
  if (err.cause) out.cause = serializeError(err.cause);
  return out;
}
