import { messagingWindow, privateReplyState } from "@sightline/contracts";
import type { CommentThread, ThreadComment } from "../api/get-comment-thread.ts";
import type { DmMessage, DmThread } from "../api/get-dm-thread.ts";
import type { Conversation } from "../api/list-conversations.ts";

/*
 * Mock messaging mode (spec §3/§4): a local sample inbox for demos. Nothing here comes from or
 * goes to Instagram; the page labels it as sample data.
 */

export type SampleInbox = {
  conversations: Conversation[];
  dms: Record<string, DmThread>;
  posts: Record<string, CommentThread>;
};

const ACCOUNT = "sample-account";
const MIN = 60_000;
const HOUR = 60 * MIN;

type SampleDm = {
  id: string;
  name: string;
  username: string;
  messages: Array<[minutesAgo: number, from: "them" | "us", text: string]>;
};

const sampleDms: SampleDm[] = [
  {
    id: "sample-dm-1",
    name: "Mara Lindqvist",
    username: "mara.makes",
    messages: [
      [190, "them", "Hi! Do you ship to Sweden?"],
      [170, "us", "Hi Mara, we do: 3–5 working days to Stockholm."],
      [12, "them", "Great, how much is shipping for two mugs?"],
    ],
  },
  {
    id: "sample-dm-2",
    name: "Jonas Weber",
    username: "jonas.w",
    messages: [
      [26 * 60, "them", "My order arrived with a chipped handle 😕"],
      [25 * 60, "them", "Order #4821"],
    ],
  },
  {
    id: "sample-dm-3",
    name: "Aiko Tanaka",
    username: "aiko.studio",
    messages: [
      [5 * 60, "them", "Love the new glaze colours!"],
      [4 * 60, "us", "Thank you Aiko! More are coming next week."],
    ],
  },
  {
    id: "sample-dm-4",
    name: "Sam Okafor",
    username: "samokafor",
    messages: [[50, "them", "Are you open on Sunday for pickups?"]],
  },
];

type SamplePost = {
  id: string;
  caption: string;
  comments: Array<{
    id: string;
    parent?: string;
    minutesAgo: number;
    username: string;
    own?: boolean;
    text: string;
  }>;
};

const samplePosts: SamplePost[] = [
  {
    id: "sample-post-1",
    caption: "New autumn glazes are in the shop ✨ Which one is your favourite?",
    comments: [
      {
        id: "sample-c-1",
        minutesAgo: 95,
        username: "lucia.r",
        text: "The rust one is gorgeous 😍",
      },
      {
        id: "sample-c-2",
        parent: "sample-c-1",
        minutesAgo: 80,
        username: "sample.studio",
        own: true,
        text: "Thank you Lucia! It's our favourite too.",
      },
      {
        id: "sample-c-3",
        minutesAgo: 30,
        username: "tom_builds",
        text: "How much is the large bowl?",
      },
    ],
  },
  {
    id: "sample-post-2",
    caption: "Behind the scenes: firing day at the studio 🔥",
    comments: [
      {
        id: "sample-c-4",
        minutesAgo: 9 * 24 * 60,
        username: "pia.k",
        text: "Would love a workshop!",
      },
    ],
  },
];

function dmThread(dm: SampleDm, now: Date): DmThread {
  const messages: DmMessage[] = dm.messages.map(([ago, from, text], index) => ({
    id: `${dm.id}-m${index}`,
    fromId: from === "us" ? ACCOUNT : `${dm.id}-person`,
    direction: from === "us" ? "outbound" : "inbound",
    text,
    createdTime: new Date(now.getTime() - ago * MIN).toISOString(),
    sendStatus: null,
    sendError: null,
    attachments: [],
  }));
  const lastInbound = messages.filter((m) => m.direction === "inbound").at(-1)?.createdTime ?? null;
  return {
    messages,
    person: { id: `${dm.id}-person`, username: dm.username, name: dm.name, profile_pic: null },
    window: messagingWindow(lastInbound, now),
    read_at: null,
    is_marked_unread: false,
  };
}

export function sampleComment(
  input: {
    id: string;
    parentId: string | null;
    createdAt: string;
    username: string;
    isOwn: boolean;
    text: string;
  },
  now: Date,
): ThreadComment {
  return {
    id: input.id,
    parent_id: input.parentId,
    from_id: input.isOwn ? ACCOUNT : `${input.username}-id`,
    username: input.username,
    text: input.text,
    created_at: input.createdAt,
    is_own: input.isOwn,
    is_hidden: false,
    private_reply: {
      ...privateReplyState(
        { createdAt: input.createdAt, isOwn: input.isOwn, privateReplyAt: null },
        now,
      ),
      sent_at: null,
      text: null,
    },
  };
}

function postThread(post: SamplePost, now: Date): CommentThread {
  return {
    post: {
      id: post.id,
      caption: post.caption,
      permalink: null,
      media_type: "IMAGE",
      posted_at: new Date(now.getTime() - 10 * 24 * HOUR).toISOString(),
      thumbnail_url: null,
    },
    comments: post.comments.map((c) =>
      sampleComment(
        {
          id: c.id,
          parentId: c.parent ?? null,
          createdAt: new Date(now.getTime() - c.minutesAgo * MIN).toISOString(),
          username: c.username,
          isOwn: c.own ?? false,
          text: c.text,
        },
        now,
      ),
    ),
    read_at: null,
    is_marked_unread: false,
  };
}

/** The list item of a sample DM thread or post, computed from its messages or comments. */
export function sampleDmItem(id: string, thread: DmThread, isUnread: boolean): Conversation {
  const last = thread.messages.at(-1)!;
  return {
    id,
    kind: "dm",
    updated_time: last.createdTime,
    last_message_sender_id: last.fromId,
    preview: last.text,
    items: thread.messages.length,
    person: thread.person!,
    caption: null,
    is_unread: isUnread,
    needs_reply: last.direction === "inbound",
    labels: [],
  };
}

export function samplePostItem(id: string, thread: CommentThread, isUnread: boolean): Conversation {
  const last = thread.comments.at(-1)!;
  const lastOther = [...thread.comments].reverse().find((c) => !c.is_own);
  return {
    id,
    kind: "comments",
    updated_time: last.created_at,
    last_message_sender_id: last.from_id,
    preview: last.text,
    items: thread.comments.length,
    person: {
      id: lastOther?.from_id ?? null,
      username: lastOther?.username ?? null,
      name: null,
      profile_pic: null,
    },
    caption: thread.post.caption,
    is_unread: isUnread,
    needs_reply: !last.is_own,
    labels: [],
  };
}

export function createSampleInbox(now: Date): SampleInbox {
  const dms = Object.fromEntries(sampleDms.map((dm) => [dm.id, dmThread(dm, now)]));
  const posts = Object.fromEntries(samplePosts.map((post) => [post.id, postThread(post, now)]));
  const conversations = [
    ...Object.entries(dms).map(([id, thread]) =>
      sampleDmItem(id, thread, thread.messages.at(-1)!.direction === "inbound"),
    ),
    ...Object.entries(posts).map(([id, thread]) =>
      samplePostItem(id, thread, !thread.comments.at(-1)!.is_own),
    ),
  ].sort((a, b) => b.updated_time.localeCompare(a.updated_time));
  return { conversations, dms, posts };
}

/** The sample list as the server would filter and search it. */
export function filterSampleConversations(
  items: readonly Conversation[],
  filter: string,
  q: string,
  inbox: SampleInbox,
): Conversation[] {
  const needle = q.trim().toLowerCase();
  return items.filter((item) => {
    if (filter === "dm" && item.kind !== "dm") return false;
    if (filter === "comments" && item.kind !== "comments") return false;
    if (filter === "unread" && !item.is_unread) return false;
    if (filter === "needs_reply" && !item.needs_reply) return false;
    if (!needle) return true;
    const texts =
      item.kind === "dm"
        ? (inbox.dms[item.id]?.messages.map((m) => m.text ?? "") ?? [])
        : [
            inbox.posts[item.id]?.post.caption ?? "",
            ...(inbox.posts[item.id]?.comments.flatMap((c) => [c.text ?? "", c.username ?? ""]) ??
              []),
          ];
    return [item.person.name ?? "", item.person.username ?? "", ...texts].some((text) =>
      text.toLowerCase().includes(needle),
    );
  });
}
