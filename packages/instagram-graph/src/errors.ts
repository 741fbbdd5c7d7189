import { redactSecrets } from "./redact.ts";
import type { GraphUsage } from "./usage.ts";

/**
 * Where the failure came from: Meta's Graph envelope, the legacy IG OAuth shape, the rupload
 * shape, a non-JSON HTTP failure, the network, our own timeout, or a 2xx body that did not match
 * the schema.
 */
export type GraphErrorKind =
  | "graph"
  | "oauth"
  | "upload"
  | "http"
  | "network"
  | "timeout"
  | "invalid_response";

export type GraphApiErrorInit = {
  kind: GraphErrorKind;
  message: string;
  status?: number;
  code?: number;
  subcode?: number;
  type?: string;
  isTransient?: boolean;
  fbtraceId?: string;
  userTitle?: string;
  userMessage?: string;
  method?: string;
  url?: string;
  usage?: GraphUsage;
  attempts?: number;
  cause?: unknown;
};

/** The one error type the client throws. Messages and URLs are already redacted. */
export class GraphApiError extends Error {
  override readonly name = "GraphApiError";
  readonly kind: GraphErrorKind;
  /** HTTP status; undefined for network failures and timeouts. */
  readonly status: number | undefined;
  /** Meta's `code`; 0 when the failure did not come from Meta (network, timeout, bad body). */
  readonly code: number;
  readonly subcode: number | undefined;
  readonly type: string;
  readonly isTransient: boolean;
  readonly fbtraceId: string | undefined;
  readonly userTitle: string | undefined;
  readonly userMessage: string | undefined;
  /** Meta's own message (redacted), without the method/URL prefix. */
  readonly graphMessage: string;
  readonly method: string | undefined;
  /** The request URL with secrets redacted. */
  readonly url: string | undefined;
  readonly usage: GraphUsage | undefined;
  /** How many attempts were made before giving up (set by the transport). */
  attempts: number;

  constructor(init: GraphApiErrorInit) {
    const graphMessage = redactSecrets(init.message);
    const codePart =
      init.code !== undefined && init.code !== 0
        ? ` (code ${init.code}${init.subcode !== undefined ? `/${init.subcode}` : ""})`
        : "";
    const where = init.method && init.url ? ` [${init.method} ${redactSecrets(init.url)}]` : "";
    super(`${graphMessage}${codePart}${where}`, init.cause ? { cause: init.cause } : undefined);
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code ?? 0;
    this.subcode = init.subcode;
    this.type = init.type ?? (init.kind === "graph" ? "OAuthException" : init.kind);
    this.fbtraceId = init.fbtraceId;
    this.userTitle = init.userTitle === undefined ? undefined : redactSecrets(init.userTitle);
    this.userMessage = init.userMessage === undefined ? undefined : redactSecrets(init.userMessage);
    this.graphMessage = graphMessage;
    this.method = init.method;
    this.url = init.url === undefined ? undefined : redactSecrets(init.url);
    this.usage = init.usage;
    this.attempts = init.attempts ?? 1;
    this.isTransient =
      init.isTransient === true ||
      // §8.2: codes 1 and 2 are Meta's generic service errors; with a subcode they name a
      // specific, deterministic failure (e.g. 1/2207057 thumb_offset out of range).
      ((this.code === 1 || this.code === 2) && init.subcode === undefined) ||
      init.kind === "network" ||
      init.kind === "timeout" ||
      (init.status !== undefined && init.status >= 500 && init.kind !== "graph");
  }

  /** A plain object for structured logs (no stack, no cause, nothing secret). */
  toJSON(): Record<string, unknown> {
    return {
      name: this.name,
      kind: this.kind,
      message: this.message,
      status: this.status,
      code: this.code,
      subcode: this.subcode,
      type: this.type,
      isTransient: this.isTransient,
      fbtraceId: this.fbtraceId,
      method: this.method,
      url: this.url,
      attempts: this.attempts,
    };
  }
}

export function isGraphApiError(error: unknown): error is GraphApiError {
  return error instanceof GraphApiError;
}

/** §8.2 — 190 (and 102): the token is expired, revoked or invalid. Mark the account disconnected. */
export function isTokenInvalid(error: unknown): boolean {
  return isGraphApiError(error) && (error.code === 190 || error.code === 102);
}

/**
 * §5.2 — a message sent outside the messaging window: code 10 with subcode 2534022 (what
 * graph.instagram.com answers, HTTP 403 IGApiException) or 2018278 (Messenger's). Code 10 here
 * is about the window, not a missing permission.
 */
export function isOutsideMessagingWindow(error: unknown): boolean {
  return (
    isGraphApiError(error) &&
    error.code === 10 &&
    (error.subcode === 2534022 ||
      error.subcode === 2018278 ||
      /outside (of )?(the )?allowed window/i.test(error.graphMessage))
  );
}

/** §8.2 — 10 and 200–299: a permission is missing; re-request the scope. */
export function isPermissionError(error: unknown): boolean {
  if (isOutsideMessagingWindow(error)) return false;
  return isGraphApiError(error) && (error.code === 10 || (error.code >= 200 && error.code <= 299));
}

const rateLimitCodes = new Set([4, 17, 32, 613, 80002]);

/** §8.2/§8.4 — app, user, page, custom and Instagram BUC rate limits. */
export function isRateLimited(error: unknown): boolean {
  return isGraphApiError(error) && rateLimitCodes.has(error.code);
}

/** §2.5 — the container is not FINISHED yet (9007/2207027). */
export function isContainerNotReady(error: unknown): boolean {
  return isGraphApiError(error) && error.code === 9007;
}

/** §2.6 — publishing quota reached (9/2207042). */
export function isPublishQuotaReached(error: unknown): boolean {
  return isGraphApiError(error) && error.code === 9 && error.subcode === 2207042;
}

/** §7.1 — Business Discovery: unknown or personal account (110/2207013). */
export function isUserNotFound(error: unknown): boolean {
  return isGraphApiError(error) && error.code === 110;
}

// §8.3 rows marked "yes" that do not need a new container.
const retryablePublishingSubcodes = new Set([2207003, 2207001]);

/**
 * §8.5 — whether repeating the same request may succeed: transient errors, rate limits and the
 * publishing rows Meta marks retryable. Whether it is *safe* to repeat depends on the call.
 */
export function isRetryable(error: unknown): boolean {
  if (!isGraphApiError(error)) return false;
  if (error.kind === "invalid_response") return false;
  if (error.isTransient || isRateLimited(error)) return true;
  return error.subcode !== undefined && retryablePublishingSubcodes.has(error.subcode);
}
