import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type AccessTokenScope, isTimeZone } from "@sightline/contracts";
import { type InstagramConnectionRow, listInstagramConnections } from "@sightline/db";
import { ZodError, z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { Logger } from "../../lib/logger.ts";
import { userTimeZone } from "../../platform/user-zone.ts";
import { type ApiToken, scopeRefusal } from "../public-api/index.ts";
import type { McpDeps } from "./deps.ts";
import { ToolInputError } from "./periods.ts";

/** What every tool is handed: the token it acts for, and the deps. */
export type ToolContext = { deps: McpDeps; token: ApiToken; logger: Logger };

export function textResult(data: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(data, null, 2) }],
    structuredContent: data,
  };
}

export function errorResult(code: string, message: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: "text", text: `${code}: ${message}` }],
    structuredContent: { error: { code, message } },
  };
}

/**
 * Runs a tool for the token: its scope first (a missing one is an error result naming it), then
 * the body; whatever the body throws becomes an error result in the REST API's words, never a
 * failed request. One log line per call names the tool and how it ended (the request's own line
 * says only POST /mcp).
 */
export async function runTool(
  ctx: ToolContext,
  tool: string,
  scopes: readonly [AccessTokenScope, ...AccessTokenScope[]],
  body: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const started = performance.now();
  const result = await toolResult(ctx, scopes, body);
  const error = result.isError
    ? (result.structuredContent as { error?: { code?: string } } | undefined)?.error?.code
    : undefined;
  ctx.logger.info(
    {
      tool,
      tokenId: ctx.token.id,
      ms: Math.round(performance.now() - started),
      outcome: error ?? "ok",
    },
    "MCP tool",
  );
  return result;
}

async function toolResult(
  ctx: ToolContext,
  scopes: readonly [AccessTokenScope, ...AccessTokenScope[]],
  body: () => Promise<CallToolResult>,
): Promise<CallToolResult> {
  const refusal = scopeRefusal(ctx.token, scopes);
  if (refusal) return errorResult("insufficient_scope", refusal);
  try {
    return await body();
  } catch (error) {
    if (error instanceof AppError) return errorResult(error.code, error.message);
    if (error instanceof ToolInputError) return errorResult("bad_request", error.message);
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const where = issue?.path.length ? ` (${issue.path.join(".")})` : "";
      return errorResult("validation_failed", `${issue?.message ?? "Invalid input"}${where}`);
    }
    ctx.logger.error({ err: error }, "MCP tool failed");
    return errorResult("internal", "An unexpected error occurred. Please try again.");
  }
}

export const accountArg = z
  .string()
  .min(1)
  .max(64)
  .optional()
  .describe(
    "The Instagram account: its id or @username from list_accounts. May be left out when the workspace has exactly one account.",
  );

export const timeZoneArg = z
  .string()
  .min(1)
  .max(64)
  .optional()
  .describe(
    "IANA time zone whose calendar the days are on, e.g. Europe/Madrid. Default: the time zone in the token member's Sightline profile, else UTC.",
  );

/** The workspace's account the tool names (by id or username), or its only one. */
export async function accountFor(
  ctx: ToolContext,
  account: string | undefined,
): Promise<InstagramConnectionRow> {
  const rows = await listInstagramConnections(ctx.deps.db, ctx.token.workspaceId);
  if (account === undefined) {
    if (rows.length === 1) return rows[0]!;
    if (rows.length === 0) {
      throw new AppError("not_found", "No Instagram account is connected to this workspace.");
    }
    throw new ToolInputError(
      `This workspace has ${rows.length} accounts; name one: ${rows.map((row) => `@${row.instagramUsername}`).join(", ")}.`,
    );
  }
  const asked = account.trim();
  const username = asked.replace(/^@/, "").toLowerCase();
  const row = rows.find(
    (candidate) =>
      candidate.instagramId === asked || candidate.instagramUsername.toLowerCase() === username,
  );
  if (!row) {
    throw new AppError("not_found", "This Instagram account is not connected to this workspace.");
  }
  return row;
}

/** The zone a tool counts days in: the one asked for, else the member's profile's (the dashboard's). */
export async function zoneFor(ctx: ToolContext, asked: string | undefined): Promise<string> {
  if (asked === undefined) return userTimeZone(ctx.deps.db, ctx.token.userId);
  if (!isTimeZone(asked)) throw new AppError("bad_request", `"${asked}" is not a time zone.`);
  return asked;
}
