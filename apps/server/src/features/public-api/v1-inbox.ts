import { createHash, randomUUID } from "node:crypto";
import {
  IDEMPOTENCY_KEY_HEADER,
  MAX_COMMENT_LENGTH,
  MAX_MESSAGE_BYTES,
  PUBLIC_API_POSTS_MAX_LIMIT,
  publicApiCommentParamSchema,
  publicApiCommentReplyResponseSchema,
  publicApiCommentReplySchema,
  publicApiConversationMessagesResponseSchema,
  publicApiConversationParamSchema,
  publicApiConversationsQuerySchema,
  publicApiConversationsResponseSchema,
  publicApiPrivateReplyResponseSchema,
  publicApiPrivateReplySchema,
  publicApiReplySchema,
  publicApiReplySentResponseSchema,
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
import { recordAudit, workspaceStorageFolder } from "../workspaces/index.ts";
import { readAccountConversations } from "./account-reads.ts";
import { requireScope, type TokenEnv } from "./authenticate.ts";
import { idempotent } from "./idempotency.ts";
import { describeRoute } from "./openapi.ts";
import {
  commentReplyExample,
  commentReplyRequestExample,
  conversationsExample,
  dmThreadExample,
  privateReplyExample,
  privateReplyRequestExample,
  replyRequestExample,
  replySentExample,
} from "./openapi-examples-inbox.ts";
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
        describeRoute({
          operationId: "listConversations",
          tag: "Inbox",
          summary: "List inbox conversations",
          description: `The Messages page's list: the account's DM threads and, one per post, the comments on its own posts, newest activity first. \`filter\` keeps \`dm\`, \`comments\`, \`unread\` or \`needs_reply\` (the last word is someone else's and the account has not answered); \`q\` searches people's names and usernames, captions and the texts of messages and comments. Keyset pages of \`limit\` (at most ${PUBLIC_API_POSTS_MAX_LIMIT}): pass \`nextCursor\` back as \`cursor\` until it is null. A conversation's \`id\` is the \`conversationId\` of the messages routes.`,
          response: {
            status: 200,
            description: "One page of conversations.",
            schema: publicApiConversationsResponseSchema,
            example: conversationsExample,
          },
        }),
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
        describeRoute({
          operationId: "getConversationMessages",
          tag: "Inbox",
          summary: "Read a conversation",
          description:
            "One conversation, answered by its `kind`. A DM thread (`dm`): the other person, its messages oldest first (with each reply's send status) and the 24-hour `window`: Instagram lets a business reply within 24 hours of the person's last message. A post's comments (`comments`): the post and its comments oldest first, each with the state of its one private reply (possible for 7 days after a comment by someone else). Reading does not mark the conversation read. A conversation that is not this account's is a 404 (`This conversation does not exist.`).",
          response: {
            status: 200,
            description: "The conversation, a DM thread or a post's comments.",
            schema: publicApiConversationMessagesResponseSchema,
            example: dmThreadExample,
          },
        }),
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
        describeRoute({
          operationId: "sendConversationMessage",
          tag: "Inbox",
          summary: "Reply to a DM thread",
          description: `Sends a DM reply through the inbox's own send path: \`text\` (at most ${MAX_MESSAGE_BYTES} bytes), \`image\` (a file of the workspace's, as \`POST /uploads\` answers it), or both; the image goes first, then the text, each a message of its own. Only within Instagram's 24-hour window: a business may reply within 24 hours of the person's last message. The send is kept in the thread with its status, a failure with its reason. Refusals (409): the conversation is a post's comments (reply to a comment instead), there is no message from the person yet, the window closed (the message says when), the message is already sent or on its way, or Instagram's access ended (reconnect in Settings); 503 when Instagram did not take it. Send an \`${IDEMPOTENCY_KEY_HEADER}\` to retry safely: the same key never sends a part twice.`,
          response: {
            status: 201,
            description: "Sent.",
            schema: publicApiReplySentResponseSchema,
            example: replySentExample,
          },
          requestExample: replyRequestExample,
          errors: [
            {
              status: 409,
              code: "conflict",
              message:
                "The 24-hour window to reply closed on 2026-11-28 09:41 UTC. Instagram lets a business reply within 24 hours of the person's last message.",
            },
            {
              status: 503,
              code: "unavailable",
              message:
                "The message was not sent: Instagram could not be reached. Please try again.",
            },
          ],
        }),
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
          await recordAudit(deps, { apiToken: c.var.apiToken }, "inbox.replied", {
            accountId,
            target: threadId,
            details: { kind: "dm" },
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
        describeRoute({
          operationId: "replyToComment",
          tag: "Inbox",
          summary: "Reply to a comment publicly",
          description: `Posts a public reply (\`text\`, at most ${MAX_COMMENT_LENGTH} characters) to a comment on one of the account's posts. Instagram threads replies under the top-level comment only, so a reply to a reply goes under its top-level comment (\`parentId\`). A comment that is not on this account's posts is a 404 (\`This comment does not exist.\`); 409 when Instagram's access ended (reconnect in Settings); 503 when Instagram did not post it. Send an \`${IDEMPOTENCY_KEY_HEADER}\` to retry safely.`,
          response: {
            status: 201,
            description: "Posted.",
            schema: publicApiCommentReplyResponseSchema,
            example: commentReplyExample,
          },
          requestExample: commentReplyRequestExample,
          errors: [
            {
              status: 409,
              code: "conflict",
              message: "Reconnect Instagram in Settings: its access ended.",
            },
            {
              status: 503,
              code: "unavailable",
              message:
                "The reply was not posted: Instagram could not be reached. Please try again.",
            },
          ],
        }),
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
          await recordAudit(deps, { apiToken: c.var.apiToken }, "inbox.replied", {
            accountId: c.var.connection.instagramId,
            target: c.req.valid("param").commentId,
            details: { kind: "comment" },
          });
          return c.json({ data: { id: result.id, parentId: result.parent_id } }, 201);
        },
      )
      .post(
        "/accounts/:accountId/comments/:commentId/private-reply",
        describeRoute({
          operationId: "sendPrivateReply",
          tag: "Inbox",
          summary: "Reply to a comment privately",
          description: `Sends the one private reply Instagram allows per comment: a DM (\`text\`, at most ${MAX_MESSAGE_BYTES} bytes) to the person who wrote a comment on one of the account's posts, within 7 days of the comment. Refusals (409): the comment already has its private reply, it is the account's own comment, the 7 days have passed, or Instagram's access ended (reconnect in Settings); 404 for a comment not on this account's posts; 503 when Instagram did not take it. Send an \`${IDEMPOTENCY_KEY_HEADER}\` to retry safely.`,
          response: {
            status: 201,
            description: "Sent.",
            schema: publicApiPrivateReplyResponseSchema,
            example: privateReplyExample,
          },
          requestExample: privateReplyRequestExample,
          errors: [
            {
              status: 409,
              code: "conflict",
              message:
                "This comment already has its private reply: Instagram allows one per comment.",
            },
            {
              status: 503,
              code: "unavailable",
              message:
                "The private reply was not sent: Instagram could not be reached. Please try again.",
            },
          ],
        }),
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
          await recordAudit(deps, { apiToken: c.var.apiToken }, "inbox.replied", {
            accountId: c.var.connection.instagramId,
            target: c.req.valid("param").commentId,
            details: { kind: "private_reply" },
          });
          return c.json({ data: { status: result.status, messageId: result.message_id } }, 201);
        },
      )
  );
}
