import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { auditApiRequests, authenticateToken, type TokenEnv } from "../public-api/index.ts";
import type { McpDeps } from "./deps.ts";
import { createMcpServer } from "./server.ts";

/**
 * A 401 says how to authenticate (RFC 6750): MCP clients read `WWW-Authenticate`, and the
 * only credential here is a personal access token, so no OAuth metadata is offered.
 */
const bearerChallenge = createMiddleware<TokenEnv>(async (c, next) => {
  await next();
  if (c.res.status === 401) {
    // Header values are Latin-1: no ellipsis or arrow in the description.
    const hint =
      'error_description="Send a personal access token (slpat_...) from Settings > Developers"';
    c.res.headers.set(
      "WWW-Authenticate",
      c.req.header("authorization")
        ? `Bearer realm="Sightline", error="invalid_token", ${hint}`
        : `Bearer realm="Sightline", ${hint}`,
    );
  }
});

/**
 * /mcp (issue 35, decision 036): the MCP server over Streamable HTTP, stateless (a server and a
 * transport per POST, JSON answers, no session), for personal access tokens only: the public
 * API's authentication, rate limit, plan check and request records, then the tools.
 */
export function mcpRoutes(deps: McpDeps) {
  return new Hono<TokenEnv>()
    .use(bearerChallenge)
    .use(auditApiRequests(deps))
    .use(authenticateToken(deps))
    .post("/", async (c) => {
      const server = createMcpServer(deps, c.var.apiToken, c.var.logger);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      try {
        await server.connect(transport);
        const answer = await transport.handleRequest(c.req.raw);
        // JSON answers (never a stream), passed through the context so that the rate limit's
        // headers set before stay on them.
        const text = await answer.text();
        const headers = Object.fromEntries(answer.headers);
        const status = answer.status as ContentfulStatusCode;
        return text === "" ? c.body(null, status, headers) : c.body(text, status, headers);
      } finally {
        await server.close();
      }
    })
    .on(["GET", "DELETE"], "/", (c) => {
      // No server-to-client stream and no sessions in stateless mode (the transport's spec).
      c.header("Allow", "POST");
      return c.json(
        {
          jsonrpc: "2.0",
          error: { code: -32000, message: "Method not allowed: send JSON-RPC requests by POST." },
          id: null,
        },
        405,
      );
    });
}
