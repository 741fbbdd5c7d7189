/*
 * The /developers page's reading of /api/v1's OpenAPI document (decision 035): only the parts
 * the page shows, typed, and the endpoints grouped by tag with a curl request each.
 */

export type ApiSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: ApiSchema[];
  format?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  items?: ApiSchema;
  description?: string;
};

export type ApiParameter = {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description: string;
  schema: ApiSchema;
  example?: unknown;
};

type ApiMediaType = {
  schema?: ApiSchema;
  example?: unknown;
  examples?: Record<string, { summary?: string; value: unknown }>;
};

export type ApiOperation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Array<Record<string, string[]>>;
  "x-required-scopes": string[];
  parameters?: ApiParameter[];
  requestBody?: { content: Record<string, ApiMediaType> };
  responses: Record<string, { description: string; content?: Record<string, ApiMediaType> }>;
};

export type ApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: Array<{ url: string }>;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, ApiOperation>>;
  components: { headers: Record<string, { description: string }> };
};

export type ApiError = { status: number; code: string; message: string };

export type Endpoint = {
  id: string;
  method: string;
  /** The whole path, server prefix included: `/api/v1/accounts/{accountId}/posts`. */
  path: string;
  summary: string;
  description: string;
  scopes: string[];
  isPublic: boolean;
  parameters: ApiParameter[];
  requestExample: unknown;
  response: { status: number; description: string; example: unknown };
  errors: ApiError[];
};

const methodOrder = ["get", "post", "put", "patch", "delete"];

function errorsOf(operation: ApiOperation): ApiError[] {
  return Object.entries(operation.responses)
    .filter(([status]) => Number(status) >= 400)
    .flatMap(([status, response]) =>
      Object.values(response.content?.["application/json"]?.examples ?? {}).map((example) => {
        const { code, message } = (example.value as { error: { code: string; message: string } })
          .error;
        // The summary says what the code means in general; the value is one real answer.
        return { status: Number(status), code, message: example.summary ?? message };
      }),
    );
}

function endpointOf(base: string, path: string, method: string, operation: ApiOperation): Endpoint {
  const [status, response] = Object.entries(operation.responses).find(
    ([code]) => Number(code) < 300,
  ) ?? ["200", { description: "" }];
  return {
    id: operation.operationId,
    method: method.toUpperCase(),
    path: `${base}${path}`,
    summary: operation.summary,
    description: operation.description,
    scopes: operation["x-required-scopes"],
    isPublic: operation.security.length === 0,
    parameters: operation.parameters ?? [],
    requestExample: operation.requestBody?.content["application/json"]?.example,
    response: {
      status: Number(status),
      description: response.description,
      example: response.content?.["application/json"]?.example,
    },
    errors: errorsOf(operation),
  };
}

/** Every endpoint, grouped by the document's tags in their order, the public ones last. */
export function endpointsByTag(document: ApiDocument) {
  const base = document.servers[0]?.url ?? "";
  const endpoints = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .sort(([a], [b]) => methodOrder.indexOf(a) - methodOrder.indexOf(b))
      .map(([method, operation]) => ({
        tag: operation.tags[0] ?? "",
        endpoint: endpointOf(base, path, method, operation),
      })),
  );
  const groups = document.tags.map((tag) => ({
    ...tag,
    endpoints: endpoints.filter((entry) => entry.tag === tag.name).map((entry) => entry.endpoint),
  }));
  return [
    ...groups.filter((group) => !group.endpoints.every((endpoint) => endpoint.isPublic)),
    ...groups.filter((group) => group.endpoints.every((endpoint) => endpoint.isPublic)),
  ].filter((group) => group.endpoints.length > 0);
}

/** Every error code the API answers, once each, by status. */
export function errorCodes(document: ApiDocument): ApiError[] {
  const seen = new Map<string, ApiError>();
  for (const methods of Object.values(document.paths)) {
    for (const operation of Object.values(methods)) {
      for (const error of errorsOf(operation)) {
        if (!seen.has(error.code)) seen.set(error.code, error);
      }
    }
  }
  return [...seen.values()].sort((a, b) => a.status - b.status || a.code.localeCompare(b.code));
}

function quoteShell(value: string): string {
  return `'${value.replace(/'/g, "'\\''")}'`;
}

/** A curl command for the endpoint, with the path's examples and `$SIGHTLINE_URL`, `$SIGHTLINE_TOKEN`. */
export function curlFor(endpoint: Endpoint): string {
  let path = endpoint.path;
  const query: string[] = [];
  for (const parameter of endpoint.parameters) {
    if (parameter.example === undefined) continue;
    const value = String(parameter.example);
    if (parameter.in === "path") path = path.replace(`{${parameter.name}}`, value);
    if (parameter.in === "query") query.push(`${parameter.name}=${encodeURIComponent(value)}`);
  }
  const url = `$SIGHTLINE_URL${path}${query.length > 0 ? `?${query.join("&")}` : ""}`;
  const lines = [`curl${endpoint.method === "GET" ? "" : ` -X ${endpoint.method}`} "${url}"`];
  if (!endpoint.isPublic) lines.push(`-H "Authorization: Bearer $SIGHTLINE_TOKEN"`);
  if (endpoint.parameters.some((p) => p.in === "header" && p.name === "Idempotency-Key")) {
    lines.push(`-H "Idempotency-Key: $(uuidgen)"`);
  }
  if (endpoint.requestExample !== undefined) {
    lines.push(`-H "Content-Type: application/json"`);
    lines.push(`-d ${quoteShell(JSON.stringify(endpoint.requestExample, null, 2))}`);
  }
  return lines.join(" \\\n  ");
}

function typeOf(schema: ApiSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" | ");
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? "any"];
  return types
    .map((type) =>
      type === "array" && schema.items ? `${typeOf(schema.items)}[]` : (schema.format ?? type),
    )
    .join(" | ");
}

/** `integer, 1–100, default 25` */
export function describeSchema(schema: ApiSchema): string {
  const parts = [typeOf(schema)];
  if (schema.minimum !== undefined || schema.maximum !== undefined) {
    parts.push(`${schema.minimum ?? "…"}–${schema.maximum ?? "…"}`);
  }
  if (schema.maxLength !== undefined) parts.push(`up to ${schema.maxLength} characters`);
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`);
  return parts.join(", ");
}
