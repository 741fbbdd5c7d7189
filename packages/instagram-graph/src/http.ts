import { createHmac } from "node:crypto";
import type { z } from "zod";
import type { GraphBaseUrls } from "./base-urls.ts";
import { GraphApiError, isRateLimited, isRetryable } from "./errors.ts";
import { redactSecrets, redactUrl } from "./redact.ts";
import {
  graphErrorEnvelopeSchema,
  legacyOAuthErrorSchema,
  ruploadErrorSchema,
} from "./schemas/common.ts";
import { type GraphUsage, parseUsageHeaders } from "./usage.ts";

export type GraphHost = keyof GraphBaseUrls;

export type ParamValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly unknown[]
  | { readonly [key: string]: unknown };
export type Params = Record<string, ParamValue>;

/** `fetch`, or anything shaped like it — e.g. `(input, init) => sandbox.app.fetch(new Request(input, init))`. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response> | Response;

export type RetryOptions = {
  /** Total attempts including the first; default 3. */
  maxAttempts?: number;
  /** First back-off; doubles each attempt, with jitter; default 500 ms. */
  baseDelayMs?: number;
  /**
   * Longest wait the client will do inside one call; a rate limit asking for longer is surfaced
   * instead (the caller's job queue should wait); default 10 s.
   */
  maxDelayMs?: number;
};

export type UsageInfo = { method: string; host: GraphHost; path: string; accountId?: string };

/**
 * One HTTP attempt the transport made (a retried call reports each attempt), for the caller's
 * own counting (the server's metrics): the path as requested, which may hold ids, so the caller
 * normalises it before using it as a label. Nothing secret: no token, query or body.
 */
export type GraphCallInfo = {
  method: string;
  host: GraphHost;
  /** Path after the version (or the whole path for unversioned hosts), ids included. */
  path: string;
  durationMs: number;
  /** Why the attempt failed (already redacted); undefined when it succeeded or was aborted. */
  error?: GraphApiError;
  /** The caller's own signal ended the attempt: neither an answer nor a failure of Meta's. */
  aborted?: boolean;
};

export type TransportOptions = {
  baseUrls: GraphBaseUrls;
  version: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  retry?: RetryOptions;
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source, injectable for deterministic tests; default Math.random. */
  random?: () => number;
  onUsage?: (usage: GraphUsage, info: UsageInfo) => void;
  /** Told of every HTTP attempt once it has ended (metrics); a throwing hook is ignored. */
  onCall?: (call: GraphCallInfo) => void;
  /**
   * How Graph calls carry the token: an `Authorization: Bearer` header (default; keeps tokens out
   * of URLs and proxies' logs) or the `access_token` query parameter.
   */
  tokenTransport?: "header" | "query";
  /**
   * The app secret each Graph host's tokens belong to. With it, every call carrying a token
   * also carries `appsecret_proof` (HMAC-SHA256 of the token, keyed with that secret, in hex),
   * which Meta requires when the app enables "Require App Secret" (Meta recommends it).
   */
  appSecrets?: Partial<Record<"graphFacebook" | "graphInstagram", string>>;
};

/** Meta's `appsecret_proof`: HMAC-SHA256 of the access token, keyed with the app secret, hex. */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac("sha256", appSecret).update(accessToken).digest("hex");
}

export type GraphRequest = {
  host: GraphHost;
  method: "GET" | "POST" | "DELETE";
  /** Path after the version, starting with "/". */
  path: string;
  /** Prefix the path with the API version (default true; OAuth and rupload set their own). */
  versioned?: boolean;
  query?: Params;
  form?: Params;
  json?: unknown;
  body?: Uint8Array;
  headers?: Record<string, string>;
  token?: string;
  /** Overrides the client-wide token transport; rupload uses `Authorization: OAuth`. */
  tokenTransport?: "header" | "query" | "oauth-header";
  /**
   * Whether repeating the call after a transient failure is harmless. Rate-limited calls are
   * retried regardless, because Meta rejected them before doing anything.
   */
  idempotent: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  accountId?: string;
};

export type Transport = {
  request<S extends z.ZodType>(request: GraphRequest, schema: S): Promise<z.output<S>>;
  url(host: GraphHost, path: string, query?: Params, versioned?: boolean): string;
  readonly version: string;
  readonly baseUrls: GraphBaseUrls;
  sleep(ms: number): Promise<void>;
};

export function encodeParam(value: ParamValue): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  // §0: arrays/objects travel as JSON-encoded strings in query and form values.
  return JSON.stringify(value);
}

function toSearchParams(params: Params | undefined): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    const encoded = encodeParam(value);
    if (encoded !== undefined) search.set(key, encoded);
  }
  return search;
}

/**
 * Meta sends some 17-digit IDs as JSON numbers (the IG code exchange's `user_id`), which exceed
 * Number.MAX_SAFE_INTEGER and would silently lose digits in JSON.parse.
 */
export function parseJsonPreservingIds(text: string): unknown {
  return JSON.parse(text.replace(/(?<!\\)"([A-Za-z_]*id)"\s*:\s*(-?\d{16,})/g, '"$1":"$2"'));
}

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function errorFromBody(
  status: number,
  text: string,
  context: { method: string; url: string; usage: GraphUsage | undefined },
): GraphApiError {
  let json: unknown;
  try {
    json = parseJsonPreservingIds(text);
  } catch {
    json = undefined;
  }
  const envelope = graphErrorEnvelopeSchema.safeParse(json);
  if (envelope.success) {
    const body = envelope.data.error;
    return new GraphApiError({
      kind: "graph",
      status,
      message: body.message,
      code: body.code,
      ...(body.error_subcode !== undefined ? { subcode: body.error_subcode } : {}),
      ...(body.type !== undefined ? { type: body.type } : {}),
      isTransient: body.is_transient === true,
      ...(body.fbtrace_id !== undefined ? { fbtraceId: body.fbtrace_id } : {}),
      ...(body.error_user_title !== undefined ? { userTitle: body.error_user_title } : {}),
      ...(body.error_user_msg !== undefined ? { userMessage: body.error_user_msg } : {}),
      ...context,
    });
  }
  const legacy = legacyOAuthErrorSchema.safeParse(json);
  if (legacy.success) {
    return new GraphApiError({
      kind: "oauth",
      status,
      message: legacy.data.error_message,
      code: legacy.data.code,
      type: legacy.data.error_type,
      ...context,
    });
  }
  const upload = ruploadErrorSchema.safeParse(json);
  if (upload.success) {
    let message = upload.data.debug_info.message;
    // Meta nests a JSON document in the message string; surface its inner message when present.
    try {
      const inner = JSON.parse(message) as { error?: { message?: unknown } };
      if (typeof inner.error?.message === "string") message = inner.error.message;
    } catch {
      // plain text message
    }
    return new GraphApiError({
      kind: "upload",
      status,
      message,
      type: upload.data.debug_info.type,
      isTransient: upload.data.debug_info.retriable,
      ...context,
    });
  }
  return new GraphApiError({
    kind: "http",
    status,
    message: `HTTP ${status}: ${redactSecrets(text.slice(0, 200))}`,
    ...context,
  });
}

export function createTransport(options: TransportOptions): Transport {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxAttempts = Math.max(1, options.retry?.maxAttempts ?? 3);
  const baseDelayMs = options.retry?.baseDelayMs ?? 500;
  const maxDelayMs = options.retry?.maxDelayMs ?? 10_000;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;

  function url(host: GraphHost, path: string, query?: Params, versioned = true): string {
    const base = options.baseUrls[host].replace(/\/+$/, "");
    const fullPath = versioned ? `/${options.version}${path}` : path;
    const search = toSearchParams(query).toString();
    return `${base}${fullPath}${search ? `?${search}` : ""}`;
  }

  async function once<S extends z.ZodType>(request: GraphRequest, schema: S): Promise<z.output<S>> {
    const transport = request.tokenTransport ?? options.tokenTransport ?? "header";
    const query: Params = { ...request.query };
    const headers: Record<string, string> = { accept: "application/json", ...request.headers };
    if (request.token !== undefined) {
      const secret =
        request.host === "graphFacebook" || request.host === "graphInstagram"
          ? options.appSecrets?.[request.host]
          : undefined;
      if (secret !== undefined) query.appsecret_proof = appSecretProof(request.token, secret);
      if (transport === "query") query.access_token = request.token;
      else if (transport === "oauth-header") headers.authorization = `OAuth ${request.token}`;
      else headers.authorization = `Bearer ${request.token}`;
    }
    const target = url(request.host, request.path, query, request.versioned ?? true);
    const safeUrl = redactUrl(target);
    let body: RequestInit["body"] | undefined;
    if (request.form !== undefined) {
      body = toSearchParams(request.form);
      headers["content-type"] = "application/x-www-form-urlencoded";
    } else if (request.json !== undefined) {
      body = JSON.stringify(request.json);
      headers["content-type"] = "application/json";
    } else if (request.body !== undefined) {
      body = request.body as Uint8Array<ArrayBuffer>;
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error("timeout"));
    }, request.timeoutMs ?? timeoutMs);
    const onOuterAbort = () => controller.abort(request.signal?.reason);
    request.signal?.addEventListener("abort", onOuterAbort, { once: true });

    const context = { method: request.method, url: safeUrl };
    let response: Response;
    let text: string;
    try {
      response = await raceAbort(
        Promise.resolve(
          fetchImpl(target, {
            method: request.method,
            headers,
            ...(body !== undefined ? { body } : {}),
            signal: controller.signal,
          }),
        ),
        controller.signal,
      );
      text = await raceAbort(response.text(), controller.signal);
    } catch (error) {
      if (timedOut) {
        throw new GraphApiError({
          kind: "timeout",
          message: `Request timed out after ${request.timeoutMs ?? timeoutMs} ms`,
          ...context,
        });
      }
      if (request.signal?.aborted) throw request.signal.reason;
      throw new GraphApiError({
        kind: "network",
        message: `Network error: ${error instanceof Error ? error.message : String(error)}`,
        ...context,
      });
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener("abort", onOuterAbort);
    }

    const usage = parseUsageHeaders(response.headers);
    if (usage && options.onUsage) {
      try {
        options.onUsage(usage, {
          method: request.method,
          host: request.host,
          path: request.path,
          ...(request.accountId !== undefined ? { accountId: request.accountId } : {}),
        });
      } catch {
        // A faulty usage callback must not turn a successful call into a failure.
      }
    }
    const errorContext = { ...context, usage };
    if (!response.ok) throw errorFromBody(response.status, text, errorContext);

    let json: unknown;
    try {
      json = text === "" ? {} : parseJsonPreservingIds(text);
    } catch {
      throw new GraphApiError({
        kind: "invalid_response",
        status: response.status,
        message: "Response body is not JSON",
        ...errorContext,
      });
    }
    if (typeof json === "object" && json !== null && "error" in json) {
      throw errorFromBody(response.status, text, errorContext);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      // Only paths and messages: values could contain tokens or personal data.
      const issues = parsed.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
        .join("; ");
      throw new GraphApiError({
        kind: "invalid_response",
        status: response.status,
        message: `Unexpected response shape: ${issues}`,
        ...errorContext,
      });
    }
    return parsed.data as z.output<S>;
  }

  function retryDelay(attempt: number, error: GraphApiError): number | undefined {
    const regain = error.usage?.regainAccessMs ?? 0;
    if (regain > 0) return regain <= maxDelayMs ? regain : undefined;
    const exponential = baseDelayMs * 2 ** (attempt - 1);
    // "Equal jitter": half fixed, half random, so retries from many workers spread out.
    const jittered = exponential / 2 + (exponential / 2) * random();
    return Math.min(maxDelayMs, jittered);
  }

  function reportCall(graphRequest: GraphRequest, started: number, error: unknown) {
    if (!options.onCall) return;
    try {
      options.onCall({
        method: graphRequest.method,
        host: graphRequest.host,
        path: graphRequest.path,
        durationMs: performance.now() - started,
        ...(error instanceof GraphApiError ? { error } : {}),
        ...(error !== undefined && !(error instanceof GraphApiError) ? { aborted: true } : {}),
      });
    } catch {
      // Counting must never change what the call answers.
    }
  }

  async function request<S extends z.ZodType>(
    graphRequest: GraphRequest,
    schema: S,
  ): Promise<z.output<S>> {
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      try {
        const answer = await once(graphRequest, schema);
        reportCall(graphRequest, started, undefined);
        return answer;
      } catch (error) {
        reportCall(graphRequest, started, error);
        if (!(error instanceof GraphApiError)) throw error;
        error.attempts = attempt;
        const safeToRepeat = graphRequest.idempotent || isRateLimited(error);
        if (attempt >= maxAttempts || !safeToRepeat || !isRetryable(error)) throw error;
        const delay = retryDelay(attempt, error);
        if (delay === undefined) throw error;
        await sleep(delay);
        if (graphRequest.signal?.aborted) throw graphRequest.signal.reason;
      }
    }
  }

  return { request, url, version: options.version, baseUrls: options.baseUrls, sleep };
}
