import { Validator } from "@seriousme/openapi-schema-validator";
import { errorResponseSchema, WEBHOOK_HEADERS, webhookEventTypes } from "@sightline/contracts";
import { describe, expect, it } from "vitest";
import { collectRoutes } from "./openapi.ts";
import { publicApiDocument } from "./openapi-document.ts";
import { type PublicApiRoutesDeps, publicApiRoutes } from "./v1-routes.ts";

/*
 * Decision 035: /api/v1's OpenAPI document is valid OpenAPI 3.1, documents every route of the
 * router completely, and its examples are what the schemas accept. The integration test
 * (openapi.int.test.ts) walks the composed app and parses real answers.
 */

type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  security: Array<Record<string, string[]>>;
  "x-required-scopes": string[];
  parameters?: Array<{ name: string; in: string; description: string }>;
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { examples?: Record<string, unknown> }> }>;
};

const { document, undocumented } = publicApiDocument();
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method,
    path,
    operation: operation as unknown as Operation,
  })),
);

describe("the OpenAPI document of /api/v1", () => {
  it("is valid OpenAPI 3.1", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("documents every event Sightline POSTs under webhooks: its headers and its body", () => {
    const webhooks = document.webhooks as Record<
      string,
      {
        post: {
          operationId: string;
          parameters: Array<{ name: string; in: string }>;
          requestBody: { content: { "application/json": { schema: { properties: object } } } };
        };
      }
    >;
    expect(Object.keys(webhooks).sort()).toEqual([...webhookEventTypes, "ping"].sort());
    for (const [type, { post }] of Object.entries(webhooks)) {
      expect(post.operationId, type).toMatch(/^[a-z][A-Za-z]+Webhook$/);
      expect(post.parameters.map((parameter) => parameter.name).sort(), type).toEqual(
        Object.values(WEBHOOK_HEADERS).sort(),
      );
      const schema = post.requestBody.content["application/json"].schema as {
        properties: { type: { const: string }; data: object };
        required: string[];
      };
      expect(schema.properties.type.const, type).toBe(type);
      expect(schema.required, type).toEqual(
        expect.arrayContaining(["id", "type", "created_at", "workspace_id", "data"]),
      );
    }
  });

  it("documents every route of the router with describeRoute", () => {
    expect(undocumented).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(5);
  });

  it("gives every operation its words, a known tag, parameters that say what they are, and unique ids", () => {
    const tags = new Map(
      (document.tags as Array<{ name: string; description: string }>).map((tag) => [
        tag.name,
        tag.description,
      ]),
    );
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operation.summary.trim(), where).not.toBe("");
      expect(operation.description.trim().length, where).toBeGreaterThan(20);
      expect(
        tags.get(operation.tags[0]!),
        `${where}: its tag needs a line in apiTags`,
      ).toBeTruthy();
      for (const parameter of operation.parameters ?? []) {
        expect(parameter.description.trim(), `${where} ${parameter.in} ${parameter.name}`).not.toBe(
          "",
        );
      }
    }
  });

  it("names the scope, the refusals and the rate limit of every operation that needs a token", () => {
    for (const { method, path, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      if (operation.security.length === 0) {
        expect(path, `${where} is public`).toBe("/openapi.json");
        continue;
      }
      expect(operation["x-required-scopes"].length, where).toBeGreaterThan(0);
      expect(operation.security, where).toEqual(
        operation["x-required-scopes"].map((scope) => ({ personalAccessToken: [scope] })),
      );
      for (const status of ["401", "403", "429"]) {
        expect(Object.keys(operation.responses), where).toContain(status);
      }
      if (path.includes("{")) expect(Object.keys(operation.responses), where).toContain("404");
      if (method !== "get") {
        // Every write but a file's bytes, whose body the key's hash cannot keep (decision 033).
        const takesFile =
          operation.requestBody !== undefined &&
          !("application/json" in operation.requestBody.content);
        expect(
          operation.parameters?.some((p) => p.in === "header" && p.name === "Idempotency-Key"),
          `${where} takes an Idempotency-Key`,
        ).toBe(!takesFile);
        expect(Object.keys(operation.responses), where).toContain("409");
      }
    }
  });

  it("has examples its schemas accept: every answer's, and every refusal's in the one error shape", () => {
    const routes = collectRoutes(publicApiRoutes({} as PublicApiRoutesDeps).routes);
    for (const route of routes) {
      const described = route.fragments.find((f) => f.operation)?.operation;
      if (!described) continue;
      const where = `${route.method} ${route.path}`;
      const { schema, example } = described.response;
      expect(schema.parse(example), where).toEqual(example);
      const body = route.fragments.find((f) => f.input?.target === "json")?.input;
      if (body) {
        expect(described.requestExample, `${where} needs a requestExample`).toBeDefined();
        expect(body.schema.safeParse(described.requestExample).error, where).toBeUndefined();
      }
    }
    for (const { method, path, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const examples = Object.values(response.content?.["application/json"]?.examples ?? {});
        expect(examples.length, `${method} ${path} ${status}`).toBeGreaterThan(0);
        for (const example of examples) {
          const value = (example as { value: unknown }).value;
          expect(errorResponseSchema.parse(value)).toEqual(value);
        }
      }
    }
  });
});
