import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { describe, expect, it, vi } from "vitest";
import type { AppEnv } from "../lib/app-types.ts";
import { createLogger } from "../lib/logger.ts";
import { requestLogger } from "./request-logger.ts";

function appWithLog() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger("info", false, { write: (line) => lines.push(JSON.parse(line)) });
  const child = vi.spyOn(logger, "child");
  const app = new Hono<AppEnv>()
    .use("*", requestId())
    .use("*", requestLogger(logger))
    .post("/webhooks/quiet", (c) => c.text("ok"))
    .post("/webhooks/loud", (c) => {
      c.var.logger.warn({ reason: "test" }, "refused");
      c.var.logger.child({ step: 2 }).info("nested");
      return c.text("no", 401);
    })
    .get("/api/thing", (c) => c.json({ ok: true }))
    .post("/mcp", (c) => c.json({ jsonrpc: "2.0" }));
  return { app, lines, child };
}

describe("the request logger", () => {
  it("logs one line per API request, with its request id", async () => {
    const { app, lines } = appWithLog();
    const response = await app.request("/api/thing");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: "request",
      method: "GET",
      path: "/api/thing",
      status: 200,
      requestId: response.headers.get("X-Request-Id"),
    });
  });

  it("logs the MCP server's requests as the API's", async () => {
    const { app, lines } = appWithLog();
    await app.request("/mcp", { method: "POST" });
    expect(lines).toEqual([
      expect.objectContaining({ msg: "request", method: "POST", path: "/mcp", status: 200 }),
    ]);
  });

  it("makes no child logger for a request outside the API that logs nothing", async () => {
    const { app, lines, child } = appWithLog();
    expect((await app.request("/webhooks/quiet", { method: "POST" })).status).toBe(200);
    expect(lines).toHaveLength(0);
    expect(child).not.toHaveBeenCalled();
  });

  it("gives what a route outside the API logs the request's id, children included", async () => {
    const { app, lines, child } = appWithLog();
    const response = await app.request("/webhooks/loud", { method: "POST" });
    const id = response.headers.get("X-Request-Id");
    expect(lines).toEqual([
      expect.objectContaining({ msg: "refused", reason: "test", requestId: id, level: 40 }),
      expect.objectContaining({ msg: "nested", step: 2, requestId: id, level: 30 }),
    ]);
    // The first child is the request's (pino's own children inherit the spied method).
    expect(child.mock.calls[0]?.[0]).toEqual({ requestId: id });
  });
});
