export { deleteComment, hideComment, replyToComment, sendPrivateReply } from "./comment-actions.ts";
export {
  type ConversationFilter,
  findConversation,
  type ListConversationsQuery,
  listConversations,
  readCommentThread,
  readDmThread,
} from "./conversations.ts";
export type { InboxDeps } from "./inbox-scope.ts";
export { inboxLabelRoutes } from "./labels.ts";
export {
  measureResponseTimes,
  type ResponseTimes,
  type ResponseTimesPeriod,
} from "./response-times.ts";
export { inboxRoutes } from "./routes.ts";
export { sendReply } from "./send-reply.ts";
