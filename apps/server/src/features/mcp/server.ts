import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Logger } from "../../lib/logger.ts";
import type { ApiToken } from "../public-api/index.ts";
import type { McpDeps } from "./deps.ts";
import { registerReadTools } from "./read-tools.ts";
import { registerSummaryResource } from "./summary-resource.ts";
import type { ToolContext } from "./tool-kit.ts";
import { registerWriteTools } from "./write-tools.ts";

export const INSTRUCTIONS = [
  "Sightline holds the Instagram accounts of one workspace: their synced analytics, posts and scheduled posts.",
  "Start with list_accounts to learn the account ids and usernames; every other tool takes one (or the only account when the workspace has one).",
  "Periods are days on a calendar: a preset (last_7_days, last_28_days, last_90_days, this_month, last_month) or since and until (YYYY-MM-DD, inclusive), in the token member's time zone unless timeZone is given.",
  "draft_post and schedule_post work in two steps: the first call checks the post and returns a preview and a confirmation; show the preview to the user, and only when they agree call the same tool again with the same input and that confirmation.",
].join(" ");

/**
 * The MCP server for one request and its token (stateless: a server per request): the tools
 * call the REST API's own reads and scheduling's own writes (decision 036).
 */
export function createMcpServer(deps: McpDeps, token: ApiToken, logger: Logger): McpServer {
  const server = new McpServer(
    { name: "sightline", title: "Sightline", version: deps.version },
    { instructions: INSTRUCTIONS },
  );
  const ctx: ToolContext = { deps, token, logger };
  registerReadTools(server, ctx);
  registerWriteTools(server, ctx);
  registerSummaryResource(server, ctx);
  return server;
}
