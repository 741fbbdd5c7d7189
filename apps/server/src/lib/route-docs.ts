import type { ErrorCode } from "@sightline/contracts";
import type { ZodType } from "zod";

/*
 * What a middleware tells the API's documentation about the routes it guards (decision 035).
 * Each middleware that checks something (a validator, a scope, an idempotency key, a known
 * account) carries a fragment saying what it reads and how it refuses; the OpenAPI generator
 * (features/public-api/openapi.ts) walks a route's chain and puts the fragments together, so
 * the document says what the code does because the code says it.
 */

export type RouteDocError = { status: number; code: ErrorCode; message: string };

export type RouteDocOperation = {
  /** Unique across the API, camelCase: `listPosts`. Client generators name methods after it. */
  operationId: string;
  tag: string;
  summary: string;
  /** Markdown. What it does, and what a caller should know beyond the parameters. */
  description: string;
  /** Answered without a token (the document itself). */
  isPublic?: boolean;
  response: {
    status: 200 | 201 | 202;
    description: string;
    schema: ZodType;
    /** A real-looking body; a test parses it with `schema`. */
    example: unknown;
  };
  /** With a JSON body: a request body the route accepts (a test parses it with the validator). */
  requestExample?: unknown;
  /** A body no validator reads as JSON (a file's bytes, say). */
  requestBody?: { contentType: string; description: string };
  /** Refusals the handler itself makes, beyond what the chain's middleware documents. */
  errors?: RouteDocError[];
};

export type RouteDocFragment = {
  /** `describeRoute`: the operation's words and its answer. */
  operation?: RouteDocOperation;
  /** A validator: where the request is read from and the schema that reads it. */
  input?: { target: string; schema: ZodType };
  /** The token must hold one of these scopes. */
  scopes?: readonly string[];
  /** Needs a token (the authentication middleware). */
  authenticated?: boolean;
  /** Answers it may give instead of the handler's. */
  errors?: RouteDocError[];
  /** Request headers it reads. */
  requestHeaders?: { name: string; description: string; required: boolean; schema: ZodType }[];
  /**
   * Response headers it adds (names of the document's `components.headers`): on success, and on
   * refusals by status (`default` for any status not named).
   */
  responseHeaders?: { success?: string[]; error?: Record<number | "default", string[]> };
  /** Path parameters it reads, by name. */
  pathParams?: Record<string, { description: string; example: string; schema: ZodType }>;
};

const routeDocKey = Symbol.for("sightline.route-doc");

/** Returns `handler` carrying `fragment` (several calls add up). */
export function withRouteDoc<T extends object>(handler: T, fragment: RouteDocFragment): T {
  const carried = (handler as { [routeDocKey]?: RouteDocFragment[] })[routeDocKey] ?? [];
  return Object.assign(handler, { [routeDocKey]: [...carried, fragment] });
}

/** The fragments a handler or middleware carries (none for most). */
export function routeDocsOf(handler: unknown): RouteDocFragment[] {
  if (typeof handler !== "function") return [];
  return (handler as { [routeDocKey]?: RouteDocFragment[] })[routeDocKey] ?? [];
}
