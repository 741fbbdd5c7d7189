import type { SandboxCore } from "../core/context.ts";
import { delay, type Fault, faultMessage, rateLimitHeaders } from "./faults.ts";

export type FaultShape = "graph" | "legacy-oauth" | "rupload";

/** What a matching fault does to a request: answer instead of it, or let it run and drop its answer. */
export type AppliedFault = Response | { dropResponse: true } | undefined;

/**
 * A response whose body fails as soon as it is read: to the caller, a connection that closed
 * before the answer arrived (in process and over HTTP alike).
 */
export function droppedConnection(): Response {
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new TypeError("other side closed"));
      },
    }),
    { status: 200, headers: { "content-type": "application/json" } },
  );
}

/**
 * Applies a matching injected fault: waits `delayMs` (cut short if the client gives up), then
 * answers with the fault in the shape that endpoint uses. A fault with only a delay lets the
 * request continue normally; one with `dropResponse` lets it run and tells the caller to drop
 * the answer.
 */
export async function applyFault(
  core: SandboxCore,
  request: {
    host: string;
    path: string;
    method: string;
    signal: AbortSignal | undefined;
    shape: FaultShape;
    accountId?: string;
    /** The request's `metric` parameter, split (insights requests). */
    metrics?: string[];
  },
): Promise<AppliedFault> {
  const fault = core.faults.take(request.host, request.path, request.method, request.metrics);
  if (!fault) return undefined;
  core.logger.info({ fault: fault.id, path: request.path }, "sandbox fault injected");
  if (fault.delayMs !== undefined) await delay(fault.delayMs, request.signal);
  if (fault.dropResponse) return { dropResponse: true };
  if (fault.status === undefined && fault.code === undefined && fault.body === undefined)
    return undefined;
  return faultResponse(core, fault, request.shape, request.accountId);
}

export function faultResponse(
  core: SandboxCore,
  fault: Fault,
  shape: FaultShape,
  accountId?: string,
): Response {
  const status =
    fault.status ??
    (fault.code === undefined ? 500 : fault.code === 1 || fault.code === 2 ? 500 : 400);
  const headers = {
    "content-type": "application/json",
    ...rateLimitHeaders(fault, accountId),
    ...fault.headers,
  };
  if (fault.body !== undefined) {
    return new Response(fault.body, {
      status,
      headers: { "content-type": "text/html", ...fault.headers },
    });
  }
  const message = faultMessage(fault);
  const code = fault.code ?? 2;
  let body: unknown;
  if (shape === "rupload") {
    body = {
      debug_info: {
        retriable: fault.isTransient ?? status >= 500,
        type: status >= 500 ? "ServerError" : "ProcessingFailedError",
        message: JSON.stringify({ success: false, error: { message } }),
      },
    };
  } else if (shape === "legacy-oauth") {
    body = {
      error_type: fault.type ?? "OAuthException",
      code: fault.code ?? status,
      error_message: message,
    };
  } else {
    body = {
      error: {
        message,
        type: fault.type ?? "OAuthException",
        code,
        ...(fault.subcode !== undefined ? { error_subcode: fault.subcode } : {}),
        is_transient: fault.isTransient ?? (code === 1 || code === 2),
        fbtrace_id: core.traceId(),
      },
    };
  }
  return new Response(JSON.stringify(body), { status, headers });
}
