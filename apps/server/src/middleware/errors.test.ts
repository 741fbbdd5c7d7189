import type { ErrorResponse } from "@sightline/contracts";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "../lib/app-error.ts";
import type { AppEnv } from "../lib/app-types.ts";
import { createLogger } from "../lib/logger.ts";
import { apiNotFound, handleError } from "./errors.ts";
import { requestLogger } from "./request-logger.ts";

function appThatThrows(error: unknown) {
  const logged: string[] = [];
  const logger = createLogger("error", false);
  logger.error = ((obj: unknown) => {
    logged.push(JSON.stringify(obj, (_k, v) => (v instanceof Error ? v.stack : v)));
  }) as typeof logger.error;
  const app = new Hono<AppEnv>()
    .use("*", requestId())
    .use("*", requestLogger(logger))
    .get("/api/boom", () => {
      throw error;
    })
    .all("/api/*", apiNotFound);
  app.onError(handleError);
  return { app, logged };
}

describe("error handling", () => {
  it("answers an unexpected error with a JSON 500 and a request id, logging the stack only", async () => {
    const { app, logged } = appThatThrows(new Error("database exploded"));
    const response = await app.request("/api/boom");
    expect(response.status).toBe(500);
    const body = (await response.json()) as ErrorResponse;
    expect(body.error.code).toBe("internal");
    expect(body.error.requestId).toBe(response.headers.get("X-Request-Id"));
    expect(JSON.stringify(body)).not.toContain("database exploded");
    expect(logged.join("\n")).toContain("database exploded");
  });

  it("maps an AppError to its status and code", async () => {
    const { app } = appThatThrows(new AppError("conflict", "Already connected"));
    const response = await app.request("/api/boom");
    expect(response.status).toBe(409);
    expect(((await response.json()) as ErrorResponse).error).toMatchObject({
      code: "conflict",
      message: "Already connected",
    });
  });

  it("maps a zod error to 422 with its issues", async () => {
    const result = z.object({ email: z.email("Enter a valid email") }).safeParse({ email: "x" });
    const { app } = appThatThrows(result.error);
    const response = await app.request("/api/boom");
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorResponse;
    expect(body.error.message).toBe("Enter a valid email");
    expect(body.error.issues).toEqual([{ path: "email", message: "Enter a valid email" }]);
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const { app } = appThatThrows(new Error("unused"));
    const response = await app.request("/api/nothing-here", { method: "POST" });
    expect(response.status).toBe(404);
    expect(((await response.json()) as ErrorResponse).error.code).toBe("not_found");
  });
});
