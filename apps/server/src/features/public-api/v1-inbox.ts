import { createHash, randomUUID } from "node:crypto";
import {
  IDEMPOTENCY_KEY_HEADER,
  publicApiCommentParamSchema,
  publicApiCommentReplySchema,
  publicApiConversationParamSchema,
  publicApiConversationsQuerySchema,
  publicApiPrivateReplySchema,
  publicApiReplySchema,
} from "@sightline/contracts";
import { Hono } from "hono";
import { AppError } from "../../lib/app-error.ts";
import { validate } from "../../lib/validate.ts";
import {
  findConversation,
  type InboxDeps,
  readCommentThread,
  readDmThread,
  replyToComment,
  sendPrivateReply,
  sendReply,
} from "../inbox/index.ts";
import { workspaceStorageFolder } from "../workspaces/index.ts";
import { readAccountConversations } from "./account-reads.ts";
import { requireScope, type TokenEnv } from "./authenticate.ts";
import { idempotent } from "./idempotency.ts";
import { knownAccount } from "./v1-account.ts";

type InboxRoutesDeps = InboxDeps & Parameters<typeof idempotent>[0];

/**
 * The inbox's `client_id` for a reply sent through the API: made from the token and its
 * Idempotency-Key, so a retried request is the same send to the inbox too (each part is sent at
 * most once); a new one without a key.
 */
function replyClientId(tokenId: string, key: string | undefined): string {
  if (key === undefined) return randomUUID();
  const hex = createHash("sha256").update(`${tokenId}:${key}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The inbox through /api/v1 (issue 35 point 2, decision 033's addendum): the account's
 * conversations (DM threads and posts' comment threads) and their messages (`inbox:read`),
 * and replies within Instagram's rules (`inbox:write`): a DM within 24 hours of the person's
 * last message, a public reply to a comment, the one private reply to a comment. The inbox's
 * own services, so the same checks, messages and send path as the Messages page.
 */
export function v1InboxRoutes(deps: InboxRoutesDeps) {
  const read = requireScope("inbox:read");
  const write = requireScope("inbox:write");
  const account = knownAccount(deps.db);
  const conversationParam = validate("param", publicApiConversationParamSchema);
  const commentParam = validate("param", publicApiCommentParamSchema);

  return (
    new Hono<TokenEnv>()
      .get(
        "/accounts/:accountId/conversations",
        read,
        account,
        validate("query", publicApiConversationsQuerySchema),
        async (c) => {
          return c.json(
            await readAccountConversations(
              deps,
              c.var.apiToken,
              c.var.connection,
              c.req.valid("query"),
            ),
          );
        },
      )
      .get(
        "/accounts/:accountId/conversations/:conversationId/messages",
        read,
        account,
        conversationParam,
        async (c) => {
          const workspace = {
            id: c.var.apiToken.workspaceId,
            accountId: c.var.connection.instagramId,
          };
          const id = c.req.valid("param").conversationId;
          const conversation = await findConversation(deps, workspace, id);
          if (conversation.kind === "dm") {
            const thread = await readDmThread(
              deps,
              {
                ...workspace,
                storageFolder: await workspaceStorageFolder(deps.db, workspace.id),
              },
              id,
            );
            return c.json({
              data: {
                id,
                kind: "dm" as const,
                person: thread.person,
                window: thread.window,
                readAt: thread.readAt?.toISOString() ?? null,
                messages: thread.messages.map((message) => ({
                  id: message.id,
                  fromId: message.fromId,
                  direction: message.direction,
                  text: message.text,
                  createdTime: message.createdTime,
                  sendStatus: message.sendStatus,
                  sendError: message.sendError,
                  attachments: message.attachments,
                })),
              },
            });
          }
          const thread = await readCommentThread(deps, workspace, id);
          return c.json({
            data: {
              id,
              kind: "comments" as const,
              post: {
                ...thread.post,
                postedAt: thread.post.postedAt?.toISOString() ?? null,
              },
              readAt: thread.readAt?.toISOString() ?? null,
              messages: thread.comments.map(
                ({ privateReply: { sentAt, ...privateReply }, ...comment }) => ({
                  ...comment,
                  createdAt: comment.createdAt.toISOString(),
                  privateReply: { ...privateReply, sentAt: sentAt?.toISOString() ?? null },
                }),
              ),
            },
          });
        },
      )
      // A DM reply within the 24-hour window, by the inbox's one send path.
      .post(
        "/accounts/:accountId/conversations/:conversationId/messages",
        write,
        account,
        idempotent(deps),
        conversationParam,
        validate("json", publicApiReplySchema),
        async (c) => {
          const workspaceId = c.var.apiToken.workspaceId;
          const accountId = c.var.connection.instagramId;
          const threadId = c.req.valid("param").conversationId;
          const conversation = await findConversation(
            deps,
            { id: workspaceId, accountId },
            threadId,
          );
          if (conversation.kind !== "dm") {
            throw new AppError(
              "conflict",
              "This conversation is a post's comments: reply to a comment with POST /api/v1/accounts/:accountId/comments/:commentId/replies.",
            );
          }
          const { text, image } = c.req.valid("json");
          const sent = await sendReply(deps, {
            workspaceId,
            accountId,
            storageFolder: await workspaceStorageFolder(deps.db, workspaceId),
            threadId,
            text,
            imageUrl: image ? `/storage/${image.bucket}/${image.key}` : undefined,
            clientId: replyClientId(c.var.apiToken.id, c.req.header(IDEMPOTENCY_KEY_HEADER)),
          });
          return c.json(
            {
              data: {
                status: sent.status,
                messageId: sent.message_id,
                messageIds: sent.message_ids,
              },
            },
            201,
          );
        },
      )
      .post(
        "/accounts/:accountId/comments/:commentId/replies",
        write,
        account,
        idempotent(deps),
        commentParam,
        validate("json", publicApiCommentReplySchema),
        async (c) => {
          const result = await replyToComment(deps, {
            workspaceId: c.var.apiToken.workspaceId,
            accountId: c.var.connection.instagramId,
            commentId: c.req.valid("param").commentId,
            text: c.req.valid("json").text,
          });
          return c.json({ data: { id: result.id, parentId: result.parent_id } }, 201);
        },
      )
      .post(
        "/accounts/:accountId/comments/:commentId/private-reply",
        write,
        account,
        idempotent(deps),
        commentParam,
        validate("json", publicApiPrivateReplySchema),
        async (c) => {
          const result = await sendPrivateReply(deps, {
            workspaceId: c.var.apiToken.workspaceId,
            accountId: c.var.connection.instagramId,
            commentId: c.req.valid("param").commentId,
            text: c.req.valid("json").text,
          });
          return c.json({ data: { status: result.status, messageId: result.message_id } }, 201);
        },
      )
  );
}
