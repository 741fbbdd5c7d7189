import {
  ACCESS_TOKEN_PREFIX,
  errorResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_TTL_HOURS,
  PUBLIC_API_RATE_LIMIT,
  WEBHOOK_HEADERS,
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookDeliveryEventType,
  webhookEventBodySchema,
  webhookEventLabels,
  webhookEventTypes,
} from "@sightline/contracts";
import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { RouterRoute } from "hono/types";
import { type ZodType, z } from "zod";
import { sha256Hex } from "../../lib/hash.ts";
import {
  type RouteDocError,
  type RouteDocFragment,
  type RouteDocOperation,
  routeDocsOf,
  withRouteDoc,
} from "../../lib/route-docs.ts";

/*
 * The OpenAPI 3.1 document of /api/v1 (issue 35 point 3, decision 035), generated from the
 * router itself: each route's chain is walked and the fragments its middleware carry
 * (lib/route-docs.ts) are put together: `describeRoute` gives the words and the answer's schema,
 * the validators the parameters and the body, `requireScope` the scope, `idempotent` the
 * Idempotency-Key header, the authentication the 401/429 and the RateLimit headers.
 */

/** Each tag the routes use, with what the reference page says above its endpoints. */
export const apiTags: Record<string, string> = {
  Accounts: "The Instagram accounts connected to the token's workspace.",
  Analytics: "The dashboard's figures, for the days you ask.",
  Posts:
    "Published posts with their metrics, and the posts made in Sightline: drafts, scheduled posts and how their publishing went.",
  Uploads: "Photos and videos put in the workspace's storage, for the posts' files.",
  Inbox:
    "The Messages page: DM threads and the comments on the account's posts, and replies within Instagram's rules.",
  Radars: "Press Radar's mentions and Trend Radar's hashtags: the workspace's, not one account's.",
  Documentation: "This document.",
  Webhooks: `What Sightline POSTs to a workspace's webhook endpoints (Settings → Developers): one JSON body per event, signed. Verify \`${WEBHOOK_HEADERS.signature}\` (\`v1=\` and the hex HMAC-SHA256 of \`<${WEBHOOK_HEADERS.timestamp}>.<raw body>\` with the endpoint's secret) and refuse a timestamp more than ${WEBHOOK_TOLERANCE_SECONDS} seconds from your clock. Answer 2xx within 10 seconds; anything else is retried, the same \`id\` each time.`,
};

export const RESPONSE_HEADERS = {
  "RateLimit-Limit": {
    description: `Requests a token may make per window (${PUBLIC_API_RATE_LIMIT.max} a minute).`,
    schema: { type: "integer" },
  },
  "RateLimit-Remaining": {
    description: "Requests left in the current window.",
    schema: { type: "integer" },
  },
  "RateLimit-Reset": {
    description: "Seconds until the window ends and the count starts again.",
    schema: { type: "integer" },
  },
  "Retry-After": {
    description: "With 429: seconds to wait before the next request.",
    schema: { type: "integer" },
  },
  "Idempotent-Replayed": {
    description:
      "`true` when this is the stored answer to an earlier request with the same Idempotency-Key.",
    schema: { type: "string", enum: ["true"] },
  },
} as const;

type JsonSchema = Record<string, unknown>;
type Json = Record<string, unknown>;

/**
 * The one short declaration that documents a route, first in its chain:
 * `.get("/accounts", describeRoute({ operationId, tag, summary, description, response }), …)`.
 */
export function describeRoute(operation: RouteDocOperation): MiddlewareHandler {
  return withRouteDoc(
    createMiddleware(async (_c, next) => {
      await next();
    }),
    { operation },
  );
}

const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/**
 * The JSON Schema (2020-12, OpenAPI 3.1's own dialect) of a request (`input`) or an answer
 * (`output`). An answer's plain objects stay open to fields added later (only `.strict()` ones
 * say `additionalProperties: false`), and zod's safe-integer bounds on `.int()` are left out.
 */
function jsonSchema(schema: ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "throw",
    override: ({ zodSchema, jsonSchema: out }) => {
      const def = (zodSchema as { _zod: { def: { type: string; catchall?: unknown } } })._zod.def;
      if (io === "output" && def.type === "object" && !def.catchall) {
        delete out.additionalProperties;
      }
      if (out.minimum === -SAFE_INTEGER) delete out.minimum;
      if (out.maximum === SAFE_INTEGER) delete out.maximum;
    },
  }) as JsonSchema;
  return rest;
}

/** `/accounts/:accountId/posts` → `/accounts/{accountId}/posts` (Hono's `{regex}` dropped). */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?\??/g, "{$1}");
}

function pathParamNames(honoPath: string): string[] {
  return [...honoPath.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** Whether a middleware registered on `pattern` (`*`, `/x/*`) runs for a route on `path`. */
function patternCovers(pattern: string, path: string): boolean {
  const source = pattern
    .split("*")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z0-9_]+/g, "[^/]+"))
    .join(".*");
  return new RegExp(`^${source}$`).test(path) || pattern === "*" || pattern === "/*";
}

type CollectedRoute = { method: string; path: string; fragments: RouteDocFragment[] };

/**
 * Every endpoint of `routes` (Hono's `app.routes`) with the fragments of its chain: middleware
 * registered for all methods before it (`.use`) and covering its path, then its own.
 */
export function collectRoutes(routes: RouterRoute[]): CollectedRoute[] {
  const shared: { path: string; fragments: RouteDocFragment[] }[] = [];
  const endpoints = new Map<string, CollectedRoute>();
  for (const route of routes) {
    // Hono wraps the handlers of a sub-app with its own error handler when mounting it.
    const handler =
      (route.handler as { __COMPOSED_HANDLER?: unknown }).__COMPOSED_HANDLER ?? route.handler;
    const fragments = routeDocsOf(handler);
    if (route.method === "ALL") {
      shared.push({ path: route.path, fragments });
      continue;
    }
    const key = `${route.method} ${route.path}`;
    let endpoint = endpoints.get(key);
    if (!endpoint) {
      endpoint = {
        method: route.method,
        path: route.path,
        fragments: shared
          .filter((entry) => patternCovers(entry.path, route.path))
          .flatMap((entry) => entry.fragments),
      };
      endpoints.set(key, endpoint);
    }
    endpoint.fragments.push(...fragments);
  }
  return [...endpoints.values()];
}

function exampleRequestId() {
  return "8f14e45f-ceea-467f-a0e6-3d2a1b9c7e10";
}

/** A real refusal of `schema`: what it says about an empty body or an unknown parameter. */
function validationIssue(target: string, schema: ZodType) {
  const result = schema.safeParse(target === "json" ? {} : { unexpected: "1" });
  const issue = result.success ? undefined : result.error.issues[0];
  return {
    path: issue?.path.join(".") ?? "",
    message: issue?.message ?? "Invalid input",
  };
}

function errorExample(error: RouteDocError, inputs: RouteDocFragment["input"][]): Json {
  const input = inputs[0];
  const issue =
    error.code === "validation_failed" && input
      ? validationIssue(input.target, input.schema)
      : null;
  return {
    error: {
      code: error.code,
      message: issue ? issue.message : error.message,
      requestId: exampleRequestId(),
      ...(issue ? { issues: [issue] } : {}),
      ...(error.code === "plan_required"
        ? { capability: "publicApi", plan: "starter", requiredPlan: "pro" }
        : {}),
    },
  };
}

function headerRefs(names: readonly string[] | undefined) {
  if (!names || names.length === 0) return undefined;
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

function parametersOf(route: CollectedRoute): Json[] {
  const parameters: Json[] = [];
  const pathDocs = Object.assign(
    {},
    ...route.fragments.map((f) => f.pathParams ?? {}),
  ) as NonNullable<RouteDocFragment["pathParams"]>;
  const paramSchema = route.fragments.find((f) => f.input?.target === "param")?.input?.schema;
  const paramProperties = paramSchema
    ? ((jsonSchema(paramSchema, "input").properties ?? {}) as Record<string, JsonSchema>)
    : {};
  for (const name of pathParamNames(route.path)) {
    const doc = pathDocs[name];
    const schema = doc
      ? jsonSchema(doc.schema, "input")
      : (paramProperties[name] ?? { type: "string" });
    const { description: schemaDescription, ...rest } = schema;
    parameters.push({
      name,
      in: "path",
      required: true,
      description: doc?.description ?? schemaDescription ?? "",
      schema: rest,
      ...(doc ? { example: doc.example } : {}),
    });
  }
  for (const fragment of route.fragments) {
    const input = fragment.input;
    if (!input || (input.target !== "query" && input.target !== "header")) continue;
    const object = jsonSchema(input.schema, "input");
    const required = new Set((object.required as string[] | undefined) ?? []);
    for (const [name, property] of Object.entries(
      (object.properties ?? {}) as Record<string, JsonSchema>,
    )) {
      const { description, example, ...schema } = property;
      parameters.push({
        name,
        in: input.target,
        required: required.has(name),
        description: description ?? "",
        schema,
        ...(example !== undefined ? { example } : {}),
      });
    }
  }
  for (const fragment of route.fragments) {
    for (const header of fragment.requestHeaders ?? []) {
      parameters.push({
        name: header.name,
        in: "header",
        required: header.required,
        description: header.description,
        schema: jsonSchema(header.schema, "input"),
      });
    }
  }
  return parameters;
}

function requestBodyOf(route: CollectedRoute, operation: RouteDocOperation): Json | undefined {
  const body = route.fragments.find((f) => f.input?.target === "json")?.input;
  if (body) {
    return {
      required: true,
      content: {
        "application/json": {
          schema: jsonSchema(body.schema, "input"),
          ...(operation.requestExample !== undefined ? { example: operation.requestExample } : {}),
        },
      },
    };
  }
  if (operation.requestBody) {
    return {
      required: true,
      description: operation.requestBody.description,
      content: { [operation.requestBody.contentType]: { schema: {} } },
    };
  }
  return undefined;
}

function responsesOf(route: CollectedRoute, operation: RouteDocOperation): Json {
  const successHeaders = route.fragments.flatMap((f) => f.responseHeaders?.success ?? []);
  const errorHeaders = (status: number) => [
    ...new Set(
      route.fragments.flatMap((f) => {
        const byStatus = f.responseHeaders?.error;
        return byStatus ? (byStatus[status] ?? byStatus.default ?? []) : [];
      }),
    ),
  ];
  const responses: Json = {
    [operation.response.status]: {
      description: operation.response.description,
      ...(headerRefs(successHeaders) ? { headers: headerRefs(successHeaders) } : {}),
      content: {
        "application/json": {
          schema: jsonSchema(operation.response.schema, "output"),
          example: operation.response.example,
        },
      },
    },
  };
  const errors = [...route.fragments.flatMap((f) => f.errors ?? []), ...(operation.errors ?? [])];
  const inputs = route.fragments.map((f) => f.input).filter(Boolean);
  const byStatus = new Map<number, RouteDocError[]>();
  for (const error of errors) {
    const list = byStatus.get(error.status) ?? [];
    if (!list.some((known) => known.code === error.code)) list.push(error);
    byStatus.set(error.status, list);
  }
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const list = byStatus.get(status)!;
    responses[status] = {
      description: list.map((error) => `\`${error.code}\`: ${error.message}`).join(" "),
      ...(headerRefs(errorHeaders(status)) ? { headers: headerRefs(errorHeaders(status)) } : {}),
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/Error" },
          examples: Object.fromEntries(
            list.map((error) => [
              error.code,
              { summary: error.message, value: errorExample(error, inputs) },
            ]),
          ),
        },
      },
    };
  }
  return responses;
}

function operationObject(route: CollectedRoute, operation: RouteDocOperation): Json {
  const scopes = [...new Set(route.fragments.flatMap((f) => f.scopes ?? []))];
  const authenticated = route.fragments.some((f) => f.authenticated);
  const parameters = parametersOf(route);
  const requestBody = requestBodyOf(route, operation);
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    security: authenticated
      ? scopes.length > 0
        ? scopes.map((scope) => ({ personalAccessToken: [scope] }))
        : [{ personalAccessToken: [] }]
      : [],
    "x-required-scopes": scopes,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: responsesOf(route, operation),
  };
}

export type OpenApiDocument = Json & {
  openapi: string;
  paths: Record<string, Record<string, Json>>;
};

/**
 * The document of the routes (`router.routes`, paths relative to /api/v1) and the endpoints
 * with no `describeRoute`, which it leaves out (a test fails on any).
 */
export function buildOpenApiDocument(routes: RouterRoute[]): {
  document: OpenApiDocument;
  undocumented: string[];
} {
  const paths: Record<string, Record<string, Json>> = {};
  const undocumented: string[] = [];
  const tagsUsed = new Set<string>();
  for (const route of collectRoutes(routes)) {
    const operation = route.fragments.find((f) => f.operation)?.operation;
    if (!operation) {
      undocumented.push(`${route.method} ${route.path}`);
      continue;
    }
    tagsUsed.add(operation.tag);
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationObject(route, operation);
  }
  const document: OpenApiDocument = {
    openapi: "3.1.0",
    info: {
      title: "Sightline API",
      version: "1",
      description: [
        "Sightline's REST API for your own scripts and tools: Instagram accounts, analytics and posts of one workspace.",
        `Authenticate with a personal access token made in Settings → Developers: \`Authorization: Bearer ${ACCESS_TOKEN_PREFIX}…\`. Each operation names the scope it needs (\`x-required-scopes\`: any one of them).`,
        'Errors have one shape, `{ "error": { "code", "message", "requestId", "issues"? } }`; invalid input is 422 with `issues`.',
        `Each token makes ${PUBLIC_API_RATE_LIMIT.max} requests a minute (RateLimit-* headers; 429 with Retry-After past it).`,
        `Writes take an \`${IDEMPOTENCY_KEY_HEADER}\` header: the same key answers the first result for ${IDEMPOTENCY_KEY_TTL_HOURS} hours.`,
        "Lists are keyset-paginated: pass the answer's `nextCursor` as `cursor` until it is null.",
      ].join("\n\n"),
    },
    servers: [{ url: "/api/v1", description: "This Sightline server" }],
    tags: [...tagsUsed, "Webhooks"].map((name) => ({ name, description: apiTags[name] ?? "" })),
    paths,
    webhooks: webhookOperations(),
    components: {
      securitySchemes: {
        personalAccessToken: {
          type: "http",
          scheme: "bearer",
          bearerFormat: `${ACCESS_TOKEN_PREFIX}…`,
          description:
            "A personal access token from Settings → Developers, with the scopes the operation needs.",
        },
      },
      schemas: { Error: jsonSchema(errorResponseSchema, "output") },
      headers: RESPONSE_HEADERS,
    },
  };
  return { document, undocumented };
}

/** The document's `webhooks` (OpenAPI 3.1): one POST per event Sightline sends, and `ping`. */
function webhookOperations(): Record<string, Json> {
  const header = (name: string, description: string) => ({
    name,
    in: "header",
    required: true,
    description,
    schema: { type: "string" },
  });
  const types: WebhookDeliveryEventType[] = [...webhookEventTypes, "ping"];
  return Object.fromEntries(
    types.map((type) => [
      type,
      {
        post: {
          operationId: `${type.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase())}Webhook`,
          tags: ["Webhooks"],
          summary: type === "ping" ? "Test event" : webhookEventLabels[type],
          description:
            type === "ping"
              ? "Sent by Settings → Developers → Send test event, to check an endpoint; never subscribed to."
              : `Sent to each endpoint subscribed to \`${type}\`, once per event (retried until it answers 2xx).`,
          parameters: [
            header(WEBHOOK_HEADERS.event, `The event's type: \`${type}\`.`),
            header(WEBHOOK_HEADERS.delivery, "This delivery's id: the same in every retry of it."),
            header(WEBHOOK_HEADERS.timestamp, "When it was signed, in Unix seconds."),
            header(WEBHOOK_HEADERS.signature, "`v1=` and the hex HMAC-SHA256 signature."),
          ],
          requestBody: {
            required: true,
            content: {
              "application/json": { schema: jsonSchema(webhookEventBodySchema(type), "output") },
            },
          },
          responses: {
            "2XX": { description: "Received. Anything else, or no answer in 10 s, is retried." },
          },
        },
      },
    ]),
  ) as Record<string, Json>;
}

/**
 * GET /api/v1/openapi.json: public and cacheable (an ETag, five minutes), readable by API tools
 * on any origin. Built once, on the first request, when every route is registered.
 */
export function serveOpenApiDocument(routes: () => RouterRoute[]): MiddlewareHandler {
  let built: { body: string; etag: string } | undefined;
  return async (c) => {
    if (!built) {
      const body = JSON.stringify(buildOpenApiDocument(routes()).document);
      built = { body, etag: `"${sha256Hex(body).slice(0, 32)}"` };
    }
    c.header("Cache-Control", "public, max-age=300");
    c.header("ETag", built.etag);
    c.header("Access-Control-Allow-Origin", "*");
    if (c.req.header("if-none-match") === built.etag) return c.body(null, 304);
    return c.body(built.body, 200, { "Content-Type": "application/json; charset=utf-8" });
  };
}
