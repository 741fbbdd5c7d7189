import { useMemo, useState } from "react";
import type { CommentThread } from "../api/get-comment-thread.ts";
import type { DmThread } from "../api/get-dm-thread.ts";
import type { Conversation, InboxFilter } from "../api/list-conversations.ts";
import {
  createSampleInbox,
  filterSampleConversations,
  type SampleInbox,
  sampleComment,
  sampleDmItem,
  samplePostItem,
} from "../utils/sample-inbox.ts";
import { type CommentActions, CommentThreadView } from "./comment-thread-view.tsx";
import { ConversationList, conversationKey, conversationTitle } from "./conversation-list.tsx";
import { type DmSend, DmThreadView } from "./dm-thread-view.tsx";
import { InboxLayout, NoConversationOpen } from "./inbox-layout.tsx";
import { type InboxAvatarProps, InboxMediaProvider, useInboxMedia } from "./inbox-media.tsx";
import { ThreadHeader } from "./thread-header.tsx";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Mock messaging mode: the same inbox on a local sample (utils/sample-inbox.ts). Replies,
 * moderation and read marks change only this tab's copy; no request reaches Instagram.
 */
export function MockInbox({ onManageSavedReplies }: { onManageSavedReplies: () => void }) {
  const media = useInboxMedia();
  // Sample people have no Instagram identity: avatars show initials and never look anyone up.
  const localMedia = useMemo(
    () => ({
      Avatar: (props: InboxAvatarProps) => (
        <media.Avatar {...props} src={null} igsid={undefined} username={undefined} />
      ),
      mediaUrl: (src: string) => src,
    }),
    [media],
  );
  const [inbox, setInbox] = useState<SampleInbox>(() => createSampleInbox(new Date()));
  const [filter, setFilter] = useState<InboxFilter>("all");
  const [search, setSearch] = useState("");
  const [openKey, setOpenKey] = useState<string | null>(null);
  const items = filterSampleConversations(inbox.conversations, filter, search, inbox);
  const open = inbox.conversations.find((item) => conversationKey(item) === openKey) ?? null;

  function updateConversation(key: string, change: (item: Conversation) => Conversation) {
    setInbox((current) => ({
      ...current,
      conversations: current.conversations
        .map((item) => (conversationKey(item) === key ? change(item) : item))
        .sort((a, b) => b.updated_time.localeCompare(a.updated_time)),
    }));
  }

  function setDm(id: string, change: (thread: DmThread) => DmThread) {
    setInbox((current) => {
      const thread = change(current.dms[id]!);
      return {
        ...current,
        dms: { ...current.dms, [id]: thread },
        conversations: current.conversations
          .map((item) =>
            item.kind === "dm" && item.id === id ? sampleDmItem(id, thread, false) : item,
          )
          .sort((a, b) => b.updated_time.localeCompare(a.updated_time)),
      };
    });
  }

  function setPost(id: string, change: (thread: CommentThread) => CommentThread) {
    setInbox((current) => {
      const thread = change(current.posts[id]!);
      return {
        ...current,
        posts: { ...current.posts, [id]: thread },
        conversations: current.conversations
          .map((item) =>
            item.kind === "comments" && item.id === id ? samplePostItem(id, thread, false) : item,
          )
          .sort((a, b) => b.updated_time.localeCompare(a.updated_time)),
      };
    });
  }

  function select(item: Conversation) {
    setOpenKey(conversationKey(item));
    updateConversation(conversationKey(item), (current) => ({ ...current, is_unread: false }));
  }

  const headerProps = open
    ? {
        onBack: () => setOpenKey(null),
        isUnread: open.is_unread,
        onToggleRead: () =>
          updateConversation(conversationKey(open), (item) => ({
            ...item,
            is_unread: !item.is_unread,
          })),
      }
    : null;

  let thread = <NoConversationOpen />;
  if (open && headerProps && open.kind === "dm") {
    const dm = inbox.dms[open.id]!;
    const onSend: DmSend = async ({ text, clientId, imageUrl }) => {
      await wait(400);
      const id = `sample:${clientId}`;
      setDm(open.id, (current) => ({
        ...current,
        messages: [
          ...current.messages,
          {
            id,
            fromId: "sample-account",
            direction: "outbound",
            text,
            createdTime: new Date().toISOString(),
            sendStatus: "sent",
            sendError: null,
            attachments: imageUrl ? [{ type: "image", url: imageUrl }] : [],
          },
        ],
      }));
      return { message_id: id };
    };
    // Mock mode never leaves the browser: the chosen image is shown from memory.
    const onUploadImage = async (file: File) => ({ url: URL.createObjectURL(file) });
    const { title } = conversationTitle(open);
    thread = (
      <>
        <ThreadHeader
          avatar={<localMedia.Avatar src={null} alt={title} size={36} />}
          title={title}
          subtitle={`@${dm.person?.username} · Direct messages · sample`}
          {...headerProps}
        />
        <DmThreadView
          key={open.id}
          threadId={open.id}
          thread={dm}
          onSend={onSend}
          onUploadImage={onUploadImage}
          onManageSavedReplies={onManageSavedReplies}
        />
      </>
    );
  } else if (open && headerProps) {
    const post = inbox.posts[open.id]!;
    const postId = open.id;
    const patchComment = (commentId: string, patch: Partial<CommentThread["comments"][number]>) =>
      setPost(postId, (current) => ({
        ...current,
        comments: current.comments.map((c) => (c.id === commentId ? { ...c, ...patch } : c)),
      }));
    const actions: CommentActions = {
      reply: async ({ commentId, text }) => {
        await wait(300);
        const parent = post.comments.find((c) => c.id === commentId);
        setPost(postId, (current) => ({
          ...current,
          comments: [
            ...current.comments,
            sampleComment(
              {
                id: `sample-reply-${crypto.randomUUID()}`,
                parentId: parent?.parent_id ?? commentId,
                createdAt: new Date().toISOString(),
                username: "sample.studio",
                isOwn: true,
                text,
              },
              new Date(),
            ),
          ],
        }));
      },
      privateReply: async ({ commentId, text }) => {
        await wait(300);
        const comment = post.comments.find((c) => c.id === commentId)!;
        patchComment(commentId, {
          private_reply: {
            canReply: false,
            reason: "sent",
            until: comment.private_reply.until,
            sent_at: new Date().toISOString(),
            text,
          },
        });
      },
      hide: async ({ commentId, hidden }) => {
        await wait(200);
        patchComment(commentId, { is_hidden: hidden });
      },
      remove: async (commentId) => {
        await wait(200);
        setPost(postId, (current) => ({
          ...current,
          comments: current.comments.filter((c) => c.id !== commentId && c.parent_id !== commentId),
        }));
      },
    };
    thread = (
      <>
        <ThreadHeader
          avatar={null}
          title={post.post.caption ?? "Sample post"}
          subtitle={`${post.comments.length} comments and replies · Comments · sample`}
          {...headerProps}
        />
        <CommentThreadView
          key={postId}
          postId={postId}
          thread={post}
          actions={actions}
          onManageSavedReplies={onManageSavedReplies}
        />
      </>
    );
  }

  return (
    <InboxMediaProvider value={localMedia}>
      <InboxLayout
        hasSelection={open !== null}
        list={
          <ConversationList
            items={items}
            filter={filter}
            onFilterChange={setFilter}
            search={search}
            onSearchChange={setSearch}
            selectedKey={openKey}
            onSelect={select}
            hasNextPage={false}
            isFetchingNextPage={false}
            fetchNextPage={() => {}}
            status="success"
            onRetry={() => {}}
          />
        }
        thread={thread}
      />
    </InboxMediaProvider>
  );
}
