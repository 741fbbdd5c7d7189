/** A non-2xx answer from our API or the auth service, with the message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Per-field messages of a 422 (`{ path, message }`), when the server sent them. */
    readonly issues: readonly { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** Worth retrying later: the network, the server, or a rate limit, not the request itself. */
  get isRetryable() {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

/**
 * Reads either wire shape: ours (`{ error: { code, message } }`) and Better Auth's
 * (`{ code, message }`).
 */
export async function toApiError(response: Response): Promise<ApiError> {
  let code = "unknown";
  let message = response.statusText || "An unexpected error occurred. Please try again.";
  let issues: { path: string; message: string }[] = [];
  let isOurs = false;
  try {
    const body = (await response.json()) as {
      error?: { code?: string; message?: string; issues?: unknown };
      code?: string;
      message?: string;
    };
    isOurs = typeof body.error?.message === "string";
    code = body.error?.code ?? body.code ?? code;
    message = body.error?.message ?? body.message ?? message;
    if (Array.isArray(body.error?.issues)) {
      issues = body.error.issues.filter(
        (issue): issue is { path: string; message: string } =>
          typeof issue?.path === "string" && typeof issue?.message === "string",
      );
    }
  } catch {
    // not JSON: keep the status text
  }
  // Our API words its own rate limits; other answers (Better Auth, a proxy) get a clear sentence.
  if (response.status === 429 && !isOurs && !/too many|wait/i.test(message)) {
    message = "Too many attempts. Please wait a minute and try again.";
  }
  return new ApiError(response.status, code, message, issues);
}

export function networkError(): ApiError {
  return new ApiError(
    0,
    "network",
    "Could not reach Sightline. Check your connection and try again.",
  );
}
