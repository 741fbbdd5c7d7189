import { createHash } from "node:crypto";
import { messagingWindow } from "@sightline/contracts";
import {
  findThreadCounterpart,
  insertSendingMessage,
  setConversationReadState,
  settleSendingMessage,
} from "@sightline/db";
import { isOutsideMessagingWindow } from "@sightline/instagram-graph";
import { AppError } from "../../lib/app-error.ts";
import { dateOf } from "../../platform/clock.ts";
import { sniffMedia } from "../../platform/storage.ts";
import { accountClientFor, handleGraphFailure } from "../instagram/index.ts";
import { ownStoredFile } from "../uploads/index.ts";
import {
  ensureConnectionActive,
  graphReason,
  type InboxDeps,
  notFound,
  requireActive,
} from "./inbox-scope.ts";

/** Contract §5.2: Instagram takes image attachments up to 8 MB. */
export const MAX_DM_IMAGE_BYTES = 8 * 1024 * 1024;
const DM_IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif"]);

/**
 * The image half of a reply has its own client id, derived from the reply's, so each half is
 * sent at most once and a retry sends only the half that failed.
 */
export function imageClientId(clientId: string): string {
  const hex = createHash("sha256").update(`${clientId}:image`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The caller's own stored image, checked as Instagram would take it in a DM. */
async function ownDmImage(
  deps: Pick<InboxDeps, "storage" | "publicUrl">,
  folder: string,
  raw: string,
) {
  const file = ownStoredFile(deps.storage, deps.publicUrl, folder, raw);
  const bytes = file ? await deps.storage.get(file.bucket, file.key) : undefined;
  if (!file || !bytes) {
    throw new AppError("not_found", "This image does not exist. Upload it again.");
  }
  const media = sniffMedia(bytes);
  if (!media || !DM_IMAGE_TYPES.has(media.contentType)) {
    throw new AppError(
      "unsupported_media_type",
      "Instagram takes JPEG, PNG or GIF images in messages. Choose another image.",
    );
  }
  if (bytes.length > MAX_DM_IMAGE_BYTES) {
    throw new AppError(
      "payload_too_large",
      "The image is too large: Instagram takes images up to 8 MB in messages.",
    );
  }
  return {
    path: `/storage/${file.bucket}/${file.key.split("/").map(encodeURIComponent).join("/")}`,
    // Instagram (or the sandbox) downloads it from here when the message is sent.
    url: deps.storage.signedUrl(file.bucket, file.key),
  };
}

/**
 * Sends a DM reply (text, one of the caller's own images, or both) through the Send API within
 * the 24-hour window; each part is claimed first so a retried request sends only what is not
 * sent yet, and what failed stays in the thread with its reason.
 */
export async function sendReply(
  deps: InboxDeps,
  request: {
    workspaceId: string;
    /** The account the member has open (the workspace's first when not named). */
    accountId: string | undefined;
    /** The workspace's upload folder (an attached image must be one of its files). */
    storageFolder: string;
    threadId: string;
    text: string | undefined;
    imageUrl: string | undefined;
    clientId: string;
  },
) {
  const { workspaceId, threadId, text, imageUrl, clientId } = request;
  const { connection, scope } = await requireActive(deps, {
    id: workspaceId,
    accountId: request.accountId,
  });
  const thread = await findThreadCounterpart(deps.db, scope, threadId);
  if (!thread) throw notFound();
  const image = imageUrl ? await ownDmImage(deps, request.storageFolder, imageUrl) : undefined;
  if (!thread.personId || !thread.lastInbound) {
    throw new AppError("conflict", "There is no message from this person to reply to yet.");
  }
  const personId = thread.personId;
  const now = dateOf(deps.now);
  const window = messagingWindow(thread.lastInbound, now);
  if (!window.isOpen) {
    throw new AppError(
      "conflict",
      `The 24-hour window to reply closed on ${window.closesAt!.slice(0, 16).replace("T", " ")} UTC. Instagram lets a business reply within 24 hours of the person's last message.`,
    );
  }
  ensureConnectionActive(connection);
  // Image first, then the text: two Send API calls in a fixed order, each its own
  // message in the thread. Only the parts not sent yet (new, or failed) are claimed.
  const parts: Array<{
    pendingId: string;
    send: () => Promise<{ message_id?: string }>;
  }> = [];
  const client = accountClientFor(deps.instagram, connection);
  if (image) {
    const pendingId = `pending:${clientId}:image`;
    const claimed = await insertSendingMessage(deps.db, {
      ...scope,
      conversationId: threadId,
      clientMessageId: imageClientId(clientId),
      pendingId,
      fromId: thread.businessIgsid,
      text: null,
      now,
      attachments: [{ type: "image", url: image.path }],
    });
    if (claimed) {
      parts.push({
        pendingId,
        send: () => client.sendAttachment(personId, { type: "image", url: image.url }),
      });
    }
  }
  if (text !== undefined) {
    const pendingId = `pending:${clientId}`;
    const claimed = await insertSendingMessage(deps.db, {
      ...scope,
      conversationId: threadId,
      clientMessageId: clientId,
      pendingId,
      fromId: thread.businessIgsid,
      text,
      // Just after the image, so the thread keeps the order they were sent in.
      now: image ? new Date(now.getTime() + 1) : now,
    });
    if (claimed) parts.push({ pendingId, send: () => client.sendText(personId, text) });
  }
  if (parts.length === 0)
    throw new AppError("conflict", "This message is already sent or on its way.");
  const messageIds: string[] = [];
  for (const [index, part] of parts.entries()) {
    // Only Instagram's answer decides "not sent": storing the outcome is outside the try, so a
    // database error after a send that went out is never shown as a failed (retryable) send.
    let sent: Awaited<ReturnType<typeof part.send>>;
    try {
      sent = await part.send();
    } catch (error) {
      await handleGraphFailure(deps.instagram, connection, error);
      const reason = graphReason(error);
      // What failed stays in the thread, with the reason, to retry; so does the text
      // after a failed image (it is not sent without the image it goes with).
      await settleSendingMessage(deps.db, scope, part.pendingId, { error: reason });
      for (const later of parts.slice(index + 1)) {
        await settleSendingMessage(deps.db, scope, later.pendingId, {
          error: `Not sent because the image before it failed: ${reason}`,
        });
      }
      // A closed window is the person's to reopen, not a failure to try again.
      throw new AppError(
        isOutsideMessagingWindow(error) ? "conflict" : "unavailable",
        `The message was not sent: ${reason}`,
      );
    }
    const messageId = sent.message_id ?? `sent:${part.pendingId.slice("pending:".length)}`;
    await settleSendingMessage(deps.db, scope, part.pendingId, { messageId });
    messageIds.push(messageId);
  }
  await setConversationReadState(deps.db, scope, {
    kind: "dm",
    conversationId: threadId,
    read: true,
    readAt: thread.lastInbound,
  });
  return { status: "sent" as const, message_id: messageIds.at(-1)!, message_ids: messageIds };
}
