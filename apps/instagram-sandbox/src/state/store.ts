import { profileFor } from "../data/generate-world.ts";
import type { AccountProfile } from "../data/profiles.ts";
import type {
  Account,
  CommentRecord,
  ConversationRecord,
  MediaChild,
  MediaRecord,
  MessageRecord,
  Person,
  PublicAccount,
  World,
} from "../data/types.ts";
import type { ContainerRecord, DynamicState } from "./dynamic-state.ts";

type Sorted<T> = T[];

/** Inserts keeping `list` sorted by `key` (ascending, or descending with `descending`). */
function insertSorted<T>(
  list: Sorted<T>,
  item: T,
  key: (value: T) => number,
  descending: boolean,
): void {
  const value = key(item);
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const other = key(list[middle] as T);
    const before = descending ? other >= value : other <= value;
    if (before) low = middle + 1;
    else high = middle;
  }
  list.splice(low, 0, item);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): V[] {
  let list = map.get(key);
  if (!list) {
    list = [];
    map.set(key, list);
  }
  list.push(value);
  return list;
}

export type PageRecord = {
  id: string;
  name: string;
  account: Account | undefined;
  fbUserId: string;
};

/**
 * The world plus its mutations, indexed for the Graph handlers. Every mutation goes through a
 * method here, which updates `dyn` (persisted) and the indices, then calls `onMutate`.
 */
export class Store {
  readonly accounts: Account[];
  readonly accountById = new Map<string, Account>();
  readonly accountByUsername = new Map<string, Account>();
  readonly accountByFbUser = new Map<string, Account>();
  readonly pages = new Map<string, PageRecord>();
  readonly media = new Map<string, MediaRecord>();
  readonly children = new Map<string, { parent: MediaRecord; child: MediaChild }>();
  readonly mediaByAccount = new Map<string, Sorted<MediaRecord>>();
  readonly comments = new Map<string, CommentRecord>();
  readonly topComments = new Map<string, Sorted<CommentRecord>>();
  readonly replies = new Map<string, Sorted<CommentRecord>>();
  readonly commentsByAccount = new Map<string, Sorted<CommentRecord>>();
  readonly people = new Map<string, Person>();
  readonly peopleByAccount = new Map<string, Person[]>();
  readonly conversations = new Map<string, ConversationRecord>();
  readonly conversationByPerson = new Map<string, ConversationRecord>();
  readonly messages = new Map<string, MessageRecord>();
  readonly messagesByConversation = new Map<string, Sorted<MessageRecord>>();
  readonly publicByUsername = new Map<string, PublicAccount>();
  onMutate: () => void = () => {};

  constructor(
    readonly world: World,
    readonly dyn: DynamicState,
  ) {
    this.accounts = world.accounts;
    for (const account of world.accounts) {
      this.accountById.set(account.igUserId, account);
      this.accountByUsername.set(account.username, account);
      this.accountByFbUser.set(account.fbUserId, account);
      this.pages.set(account.pageId, {
        id: account.pageId,
        name: account.pageName,
        account,
        fbUserId: account.fbUserId,
      });
      for (const page of account.unlinkedPages) {
        this.pages.set(page.id, { ...page, account: undefined, fbUserId: account.fbUserId });
      }
      this.mediaByAccount.set(account.igUserId, []);
      this.commentsByAccount.set(account.igUserId, []);
    }
    for (const entry of world.publicAccounts) this.publicByUsername.set(entry.username, entry);
    for (const media of [...world.media, ...dyn.media]) this.indexMedia(media);
    for (const list of this.mediaByAccount.values()) list.sort((a, b) => b.timestamp - a.timestamp);
    for (const comment of [...world.comments, ...dyn.comments]) this.indexComment(comment, false);
    for (const list of this.topComments.values()) list.sort((a, b) => b.timestamp - a.timestamp);
    for (const list of this.replies.values()) list.sort((a, b) => a.timestamp - b.timestamp);
    for (const list of this.commentsByAccount.values())
      list.sort((a, b) => a.timestamp - b.timestamp);
    for (const person of [...world.people, ...dyn.people]) this.indexPerson(person);
    for (const conversation of [...world.conversations, ...dyn.conversations])
      this.indexConversation(conversation);
    for (const message of [...world.messages, ...dyn.messages]) this.indexMessage(message, false);
    for (const list of this.messagesByConversation.values())
      list.sort((a, b) => a.timestamp - b.timestamp);
  }

  profile(account: Account): AccountProfile {
    return profileFor(account);
  }

  private indexMedia(media: MediaRecord): void {
    const patch = this.dyn.mediaPatches[media.id];
    if (patch?.deleted) return;
    const record =
      patch?.commentEnabled !== undefined
        ? { ...media, commentEnabled: patch.commentEnabled }
        : media;
    this.media.set(record.id, record);
    for (const child of record.children ?? [])
      this.children.set(child.id, { parent: record, child });
    const list = this.mediaByAccount.get(record.accountId);
    if (list) list.push(record);
  }

  /**
   * Bulk loading appends and sorts once at the end (`sorted` false); later inserts keep the
   * lists ordered: top-level comments newest first, replies and the per-account list oldest first.
   */
  private indexComment(comment: CommentRecord, sorted: boolean): void {
    const patch = this.dyn.commentPatches[comment.id];
    if (patch?.deleted) return;
    if (comment.parentId !== undefined && this.dyn.commentPatches[comment.parentId]?.deleted)
      return;
    const record = patch?.hidden !== undefined ? { ...comment, hidden: patch.hidden } : comment;
    this.comments.set(record.id, record);
    const place = (list: CommentRecord[], newestFirst: boolean) => {
      if (sorted) insertSorted(list, record, (entry) => entry.timestamp, newestFirst);
      else list.push(record);
    };
    if (record.parentId === undefined) place(this.ensure(this.topComments, record.mediaId), true);
    else place(this.ensure(this.replies, record.parentId), false);
    place(this.ensure(this.commentsByAccount, record.accountId), false);
  }

  private ensure<K, V>(map: Map<K, V[]>, key: K): V[] {
    let list = map.get(key);
    if (!list) {
      list = [];
      map.set(key, list);
    }
    return list;
  }

  private indexPerson(person: Person): void {
    this.people.set(person.igsid, person);
    push(this.peopleByAccount, person.accountId, person);
  }

  private indexConversation(conversation: ConversationRecord): void {
    this.conversations.set(conversation.id, conversation);
    this.conversationByPerson.set(
      `${conversation.accountId}:${conversation.personId}`,
      conversation,
    );
  }

  private indexMessage(message: MessageRecord, sorted: boolean): void {
    this.messages.set(message.id, message);
    const list = this.ensure(this.messagesByConversation, message.conversationId);
    if (sorted) insertSorted(list, message, (m) => m.timestamp, false);
    else list.push(message);
  }

  // --- reads ------------------------------------------------------------------------------

  /** Media of an account visible at `now`, newest first (stories excluded unless asked). */
  listMedia(accountId: string, now: number, options: { stories?: boolean } = {}): MediaRecord[] {
    return (this.mediaByAccount.get(accountId) ?? []).filter(
      (media) =>
        media.timestamp <= now &&
        (options.stories ? media.productType === "STORY" : media.productType !== "STORY"),
    );
  }

  listTopComments(mediaId: string, now: number): CommentRecord[] {
    return (this.topComments.get(mediaId) ?? []).filter((comment) => comment.timestamp <= now);
  }

  listReplies(commentId: string, now: number): CommentRecord[] {
    return (this.replies.get(commentId) ?? []).filter((comment) => comment.timestamp <= now);
  }

  commentCount(mediaId: string, now: number): number {
    let count = 0;
    for (const comment of this.listTopComments(mediaId, now)) {
      count += 1 + this.listReplies(comment.id, now).length;
    }
    return count;
  }

  /** Comments by others (not the owner) on the account's media in [from, to). */
  countCommentsBetween(
    accountId: string,
    from: number,
    to: number,
    filter?: (comment: CommentRecord) => boolean,
  ): number {
    const list = this.commentsByAccount.get(accountId) ?? [];
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((list[middle] as CommentRecord).timestamp < from) low = middle + 1;
      else high = middle;
    }
    let count = 0;
    for (let index = low; index < list.length; index++) {
      const comment = list[index] as CommentRecord;
      if (comment.timestamp >= to) break;
      if (!comment.byOwner && (!filter || filter(comment))) count++;
    }
    return count;
  }

  conversationsOf(
    accountId: string,
    now: number,
  ): Array<{ conversation: ConversationRecord; updatedAt: number }> {
    const result: Array<{ conversation: ConversationRecord; updatedAt: number }> = [];
    for (const conversation of this.conversations.values()) {
      if (conversation.accountId !== accountId) continue;
      const messages = this.listMessages(conversation.id, now);
      const last = messages[messages.length - 1];
      if (last) result.push({ conversation, updatedAt: last.timestamp });
    }
    return result.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  listMessages(conversationId: string, now: number): MessageRecord[] {
    return (this.messagesByConversation.get(conversationId) ?? []).filter(
      (message) => message.timestamp <= now,
    );
  }

  /** Time of the person's most recent message to the account (for the 24 h window). */
  lastInboundAt(accountId: string, igsid: string, now: number): number | undefined {
    const conversation = this.conversationByPerson.get(`${accountId}:${igsid}`);
    if (!conversation) return undefined;
    const messages = this.listMessages(conversation.id, now);
    for (let index = messages.length - 1; index >= 0; index--) {
      if ((messages[index] as MessageRecord).fromId === igsid)
        return (messages[index] as MessageRecord).timestamp;
    }
    return undefined;
  }

  container(id: string): ContainerRecord | undefined {
    return this.dyn.containers[id];
  }

  // --- mutations ----------------------------------------------------------------------------

  nextCounter(): number {
    this.dyn.idCounter += 1;
    return this.dyn.idCounter;
  }

  putContainer(container: ContainerRecord): void {
    this.dyn.containers[container.id] = container;
    this.onMutate();
  }

  addMedia(media: MediaRecord): void {
    this.dyn.media.push(media);
    this.media.set(media.id, media);
    for (const child of media.children ?? []) this.children.set(child.id, { parent: media, child });
    insertSorted(
      this.ensure(this.mediaByAccount, media.accountId),
      media,
      (m) => m.timestamp,
      true,
    );
    this.onMutate();
  }

  patchMedia(id: string, patch: { commentEnabled?: boolean; deleted?: boolean }): void {
    this.dyn.mediaPatches[id] = { ...this.dyn.mediaPatches[id], ...patch };
    const media = this.media.get(id);
    if (!media) return;
    if (patch.deleted) {
      this.media.delete(id);
      const list = this.mediaByAccount.get(media.accountId) ?? [];
      list.splice(list.indexOf(media), 1);
    } else if (patch.commentEnabled !== undefined) {
      const updated = { ...media, commentEnabled: patch.commentEnabled };
      this.media.set(id, updated);
      const list = this.mediaByAccount.get(media.accountId) ?? [];
      list[list.indexOf(media)] = updated;
    }
    this.onMutate();
  }

  addComment(comment: CommentRecord): void {
    this.dyn.comments.push(comment);
    this.indexComment(comment, true);
    this.onMutate();
  }

  patchComment(id: string, patch: { hidden?: boolean; deleted?: boolean }): void {
    this.dyn.commentPatches[id] = { ...this.dyn.commentPatches[id], ...patch };
    const comment = this.comments.get(id);
    if (!comment) return;
    const replace = (
      list: CommentRecord[] | undefined,
      item: CommentRecord,
      next: CommentRecord | undefined,
    ) => {
      if (!list) return;
      const index = list.indexOf(item);
      if (index < 0) return;
      if (next) list[index] = next;
      else list.splice(index, 1);
    };
    const next = patch.deleted
      ? undefined
      : { ...comment, ...(patch.hidden !== undefined ? { hidden: patch.hidden } : {}) };
    if (next) this.comments.set(id, next);
    else this.comments.delete(id);
    replace(
      comment.parentId === undefined
        ? this.topComments.get(comment.mediaId)
        : this.replies.get(comment.parentId),
      comment,
      next,
    );
    replace(this.commentsByAccount.get(comment.accountId), comment, next);
    if (patch.deleted) {
      // Deleting a comment removes its replies with it.
      for (const reply of this.replies.get(id) ?? []) {
        this.comments.delete(reply.id);
        replace(this.commentsByAccount.get(reply.accountId), reply, undefined);
      }
      this.replies.delete(id);
    }
    this.onMutate();
  }

  addPerson(person: Person): void {
    this.dyn.people.push(person);
    this.indexPerson(person);
    this.onMutate();
  }

  /** Adds a message, opening the conversation with that person first if needed. */
  addMessage(message: MessageRecord, personId: string): void {
    if (!this.conversations.has(message.conversationId)) {
      const conversation = { id: message.conversationId, accountId: message.accountId, personId };
      this.dyn.conversations.push(conversation);
      this.indexConversation(conversation);
    }
    this.dyn.messages.push(message);
    this.indexMessage(message, true);
    this.onMutate();
  }

  touch(): void {
    this.onMutate();
  }
}
