import { mentionTime } from "../data/mentions.ts";
import type { MentionRecord, MentionReplyRecord } from "../data/types.ts";
import type { Store } from "./store.ts";

type MentionIndex = {
  byAccount: Map<string, MentionRecord[]>;
  /** `${accountId}:${mediaId}` of caption mentions and tags. */
  byMedia: Map<string, MentionRecord>;
  /** `${accountId}:${commentId}` of comment mentions. */
  byComment: Map<string, MentionRecord>;
};

// Kept beside the store rather than in it: mentions are read by a few handlers only.
const indices = new WeakMap<Store, MentionIndex>();

function add(index: MentionIndex, mention: MentionRecord): void {
  let list = index.byAccount.get(mention.accountId);
  if (!list) {
    list = [];
    index.byAccount.set(mention.accountId, list);
  }
  list.push(mention);
  if (mention.comment) index.byComment.set(`${mention.accountId}:${mention.comment.id}`, mention);
  else index.byMedia.set(`${mention.accountId}:${mention.media.id}`, mention);
}

function indexOf(store: Store): MentionIndex {
  let index = indices.get(store);
  if (!index) {
    index = { byAccount: new Map(), byMedia: new Map(), byComment: new Map() };
    for (const mention of [...(store.world.mentions ?? []), ...(store.dyn.mentions ?? [])])
      add(index, mention);
    for (const list of index.byAccount.values())
      list.sort((a, b) => mentionTime(b) - mentionTime(a));
    indices.set(store, index);
  }
  return index;
}

/** An account's mentions and tags visible at `now`, newest first. */
export function listMentions(store: Store, accountId: string, now: number): MentionRecord[] {
  return (indexOf(store).byAccount.get(accountId) ?? []).filter(
    (mention) => mentionTime(mention) <= now,
  );
}

/** A caption mention or tag of the account, by the other account's media id. */
export function mentionByMedia(
  store: Store,
  accountId: string,
  mediaId: string,
  now: number,
): MentionRecord | undefined {
  const found = indexOf(store).byMedia.get(`${accountId}:${mediaId}`);
  return found && mentionTime(found) <= now ? found : undefined;
}

/** A comment mention of the account, by the comment's id. */
export function mentionByComment(
  store: Store,
  accountId: string,
  commentId: string,
  now: number,
): MentionRecord | undefined {
  const found = indexOf(store).byComment.get(`${accountId}:${commentId}`);
  return found && mentionTime(found) <= now ? found : undefined;
}

export function addMention(store: Store, mention: MentionRecord): void {
  const index = indexOf(store);
  store.dyn.mentions = [...(store.dyn.mentions ?? []), mention];
  add(index, mention);
  index.byAccount.get(mention.accountId)?.sort((a, b) => mentionTime(b) - mentionTime(a));
  store.touch();
}

export function addMentionReply(store: Store, reply: MentionReplyRecord): void {
  store.dyn.mentionReplies = [...(store.dyn.mentionReplies ?? []), reply];
  store.touch();
}

export function listMentionReplies(store: Store, accountId: string): MentionReplyRecord[] {
  return (store.dyn.mentionReplies ?? []).filter((reply) => reply.accountId === accountId);
}
