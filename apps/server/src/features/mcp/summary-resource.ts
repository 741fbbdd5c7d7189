import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { listInstagramConnections } from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import { dateOf } from "../../platform/clock.ts";
import { readAccountKpis, readAccountPosts, scopeRefusal } from "../public-api/index.ts";
import { resolveToolPeriod } from "./periods.ts";
import { accountFor, type ToolContext, zoneFor } from "./tool-kit.ts";

/** sightline://accounts/{accountId}/summary: who the account is and its last 28 days. */
export function registerSummaryResource(server: McpServer, ctx: ToolContext) {
  server.registerResource(
    "account-summary",
    new ResourceTemplate("sightline://accounts/{accountId}/summary", {
      list: async () => {
        if (scopeRefusal(ctx.token, ["analytics:read"])) return { resources: [] };
        const rows = await listInstagramConnections(ctx.deps.db, ctx.token.workspaceId);
        return {
          resources: rows.map((row) => ({
            uri: `sightline://accounts/${row.instagramId}/summary`,
            name: `@${row.instagramUsername} summary`,
            mimeType: "application/json",
          })),
        };
      },
    }),
    {
      title: "Account summary",
      description:
        "One Instagram account: username, followers, the last 28 days' KPIs (the dashboard's) and its top posts by reach in those days. Needs analytics:read (top posts also posts:read).",
      mimeType: "application/json",
    },
    async (uri, variables) => {
      const refusal = scopeRefusal(ctx.token, ["analytics:read"]);
      if (refusal) throw new AppError("insufficient_scope", refusal);
      const accountId = String(variables.accountId ?? "");
      const connection = await accountFor(ctx, accountId);
      const zone = await zoneFor(ctx, undefined);
      const period = resolveToolPeriod({ preset: "last_28_days" }, dateOf(ctx.deps.now), zone);
      const kpis = await readAccountKpis(ctx.deps, ctx.token, connection, period);
      const canReadPosts = scopeRefusal(ctx.token, ["posts:read"]) === undefined;
      const top = canReadPosts
        ? await readAccountPosts(ctx.deps, ctx.token, connection, {
            limit: 5,
            sort: "reach",
            since: period.since,
            until: period.until,
            timezone: zone,
          })
        : undefined;
      const summary = {
        account: {
          id: connection.instagramId,
          username: connection.instagramUsername,
          name: connection.name,
          followers: connection.followersCount,
          posts: connection.mediaCount,
          status: connection.status,
          lastSyncedAt: connection.lastSyncedAt?.toISOString() ?? null,
        },
        last28Days: kpis,
        topPosts: top ? top.data : null,
        ...(top ? {} : { topPostsNote: "Top posts need the posts:read scope." }),
      };
      return {
        contents: [
          { uri: uri.href, mimeType: "application/json", text: JSON.stringify(summary, null, 2) },
        ],
      };
    },
  );
}
