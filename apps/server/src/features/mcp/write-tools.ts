import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { publicApiDraftSchema } from "@sightline/contracts";
import type { InstagramConnectionRow, ScheduledPostRow } from "@sightline/db";
import { z } from "zod";
import { dateOf } from "../../platform/clock.ts";
import { previewPost, saveDraft, scheduleDraft } from "../scheduling/index.ts";
import { recordAudit } from "../workspaces/index.ts";
import { createConfirmations } from "./confirmation.ts";
import {
  accountArg,
  accountFor,
  errorResult,
  runTool,
  type ToolContext,
  textResult,
  zoneFor,
} from "./tool-kit.ts";

const writeArgs = {
  account: accountArg,
  media: z
    .array(
      z.object({
        bucket: z
          .enum(["instagram-media", "scheduled-content"])
          .describe("The storage bucket the file was uploaded to in Sightline."),
        key: z
          .string()
          .min(1)
          .max(512)
          .describe("The file's key in that bucket, as Sightline's upload answered it."),
        mediaType: z.enum(["image", "video"]).describe("What the file is."),
      }),
    )
    .min(1)
    .max(10)
    .describe(
      "The post's files in order, already uploaded to Sightline: one image (a photo post), one video (a reel) or 2–10 of either (a carousel).",
    ),
  caption: z
    .string()
    .max(10_000)
    .optional()
    .describe("The caption (at most 2,200 characters with the hashtags, 20 @mentions)."),
  hashtags: z
    .array(z.string().min(1).max(100))
    .max(100)
    .optional()
    .describe("Hashtags added after the caption, with or without '#' (at most 30 in all)."),
  collaborators: z
    .array(z.string().min(1).max(30))
    .max(10)
    .optional()
    .describe("Instagram usernames invited as collaborators (at most 3)."),
  scheduledTime: z
    .string()
    .max(64)
    .describe(
      "When the post goes out: an ISO 8601 date and time with its offset, e.g. 2026-12-05T09:30:00+01:00. Must be in the future.",
    ),
  timeZone: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe(
      "IANA time zone the post is planned in and shown in, e.g. Europe/Madrid. Default: the token member's profile time zone, else UTC.",
    ),
  confirmation: z
    .string()
    .max(300)
    .optional()
    .describe(
      "Leave out on the first call, which only checks the post and answers a preview and a confirmation. After the user has agreed to that preview, call again with exactly the same input plus that confirmation (good for 10 minutes) to act.",
    ),
};

type WriteArgs = {
  [K in keyof typeof writeArgs]: z.infer<(typeof writeArgs)[K]>;
};

function localTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    dateStyle: "full",
    timeStyle: "short",
  }).format(at);
}

function postView(row: ScheduledPostRow, connection: InstagramConnectionRow) {
  return {
    id: row.id,
    account: { id: row.accountId, username: connection.instagramUsername },
    status: row.status,
    postType: row.postType,
    caption: row.caption,
    hashtags: row.hashtags,
    collaborators: row.collaborators,
    media: row.items.map((item) => ({
      bucket: item.bucket,
      key: item.key,
      mediaType: item.mediaType,
    })),
    scheduledTime: row.scheduledTime.toISOString(),
    scheduledTimeLocal: localTime(row.scheduledTime, row.timeZone),
    timeZone: row.timeZone,
  };
}

const refusals = {
  invalid:
    "This confirmation is not valid for this tool and token. Call again without a confirmation for a new preview.",
  expired:
    "This confirmation has expired (they last 10 minutes). Call again without a confirmation for a new preview, and show it to the user again.",
  other_input:
    "This confirmation was given for other input: the post differs from the preview the user agreed to. Call again without a confirmation for a preview of this post.",
} as const;

/**
 * draft_post and schedule_post: posts:write, and two calls. The first checks the post as the
 * composer does (scheduling's `previewPost`) and answers a preview with a confirmation bound to
 * the token and the exact input; only a call with that confirmation saves, through scheduling's
 * own `saveDraft` or `scheduleDraft` (the same checks again, the same publishing path), under a
 * client id derived from the confirmation, so confirming twice saves one post.
 */
function registerWriteTool(server: McpServer, ctx: ToolContext, kind: "draft" | "schedule") {
  const tool = kind === "draft" ? "draft_post" : "schedule_post";
  const description =
    kind === "draft"
      ? "Saves a draft post for one account in Sightline's content scheduler (kept as a draft, never published by itself: a member schedules it in the app)."
      : "Schedules a post for one account: Sightline publishes it to Instagram at the time given, once, with the pre-publish checks the app's composer makes.";
  server.registerTool(
    tool,
    {
      title: kind === "draft" ? "Draft a post" : "Schedule a post",
      description: `${description} Two steps: the first call changes nothing and answers a preview (account, type, caption, media, the time in its time zone${kind === "schedule" ? ", problems the pre-publish check finds" : ""}) and a confirmation; show the preview to the user and, only if they agree, call again with the same input and the confirmation. Needs posts:write.`,
      inputSchema: writeArgs,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: kind === "schedule",
      },
    },
    (args: WriteArgs) =>
      runTool(ctx, tool, ["posts:write"], async () => {
        const connection = await accountFor(ctx, args.account);
        const body = publicApiDraftSchema.parse({
          items: args.media,
          caption: args.caption ?? "",
          hashtags: args.hashtags ?? [],
          collaborators: args.collaborators ?? [],
          scheduled_time: args.scheduledTime,
          time_zone: await zoneFor(ctx, args.timeZone),
        });
        const workspace = {
          id: ctx.token.workspaceId,
          accountId: connection.instagramId,
          plan: ctx.token.plan,
        };
        const confirmations = createConfirmations(ctx.deps.confirmationSecret);
        const bound = {
          tool,
          tokenId: ctx.token.id,
          input: { account: connection.instagramId, body },
        };
        const now = dateOf(ctx.deps.now);

        if (args.confirmation === undefined) {
          const preview = await previewPost(ctx.deps, workspace, body, kind);
          const { confirmation, expiresAt } = confirmations.issue(bound, now);
          const at = new Date(body.scheduled_time);
          return textResult({
            status: "preview",
            saved: false,
            action: kind === "draft" ? "save as a draft" : "schedule for publishing",
            account: { id: connection.instagramId, username: connection.instagramUsername },
            postType: preview.content.postType,
            caption: preview.content.caption,
            hashtags: preview.content.hashtags,
            collaborators: preview.content.collaborators,
            media: preview.content.items.map((item) => ({
              bucket: item.bucket,
              key: item.key,
              mediaType: item.mediaType,
            })),
            scheduledTime: at.toISOString(),
            scheduledTimeLocal: localTime(at, body.time_zone),
            timeZone: body.time_zone,
            ...(kind === "schedule" ? { checks: preview.checks } : {}),
            confirmation,
            confirmationExpiresAt: expiresAt.toISOString(),
            next: `Nothing is saved yet. Show this preview to the user; if they agree, call ${tool} again with exactly the same input and "confirmation": "${confirmation}".`,
          });
        }

        const checked = confirmations.check(args.confirmation, bound, now);
        if (!checked.ok) return errorResult("confirmation_refused", refusals[checked.reason]);
        const withId = { ...body, client_id: checked.clientId };
        if (kind === "draft") {
          const row = await saveDraft(ctx.deps, workspace, withId, ctx.token.userId);
          return textResult({
            status: "draft saved",
            post: postView(row, connection),
          });
        }
        const { row, created, checks } = await scheduleDraft(
          ctx.deps,
          workspace,
          withId,
          ctx.token.userId,
        );
        if (created) {
          await recordAudit(ctx.deps, { apiToken: ctx.token }, "post.scheduled", {
            accountId: row.accountId,
            target: row.id,
            details: { scheduledTime: row.scheduledTime.toISOString(), tool },
          });
        }
        return textResult({
          status: created ? "scheduled" : "already scheduled (this confirmation was used before)",
          post: postView(row, connection),
          checks,
        });
      }),
  );
}

export function registerWriteTools(server: McpServer, ctx: ToolContext) {
  registerWriteTool(server, ctx, "draft");
  registerWriteTool(server, ctx, "schedule");
}
