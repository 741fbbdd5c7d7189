import type { ActivityLevel, SandboxCore } from "../core/context.ts";
import { numericId } from "../core/ids.ts";
import { createRng, type Rng } from "../core/prng.ts";
import { DAY_MS, MINUTE_MS, SECOND_MS } from "../core/time.ts";
import { genericLiveComments, personIdentity } from "../data/corpus.ts";
import { conversationId, messageId, profileFor } from "../data/generate-world.ts";
import type { Account, CommentRecord, MessageRecord, Person } from "../data/types.ts";
import { emitCommentWebhook, emitMessageWebhook } from "./events.ts";
import { LIVE_MENTION_CHANCE, liveMention } from "./mention-activity.ts";
import { LIVE_STORY_CHANCE, liveStory } from "./stories.ts";

/** Mean time between live events. */
const meanIntervalMs: Record<Exclude<ActivityLevel, "off">, number> = {
  low: 90 * SECOND_MS,
  high: 12 * SECOND_MS,
};

// A sandbox that was stopped for a while does not replay hours of backlog in one tick.
const MAX_CATCH_UP_MS = 10 * MINUTE_MS;
const MAX_EVENTS_PER_TICK = 50;

const followUps = [
  "Thank you so much! 🙏",
  "Any update on this?",
  "Perfect, thanks!",
  "Also — do you have gift cards?",
  "👍",
  "Sounds good!",
  "Could you send me the link?",
  "Hi again! Quick question 😊",
  "Great, talk soon!",
];

function nextGap(rng: Rng, level: Exclude<ActivityLevel, "off">): number {
  // Exponential gaps make a Poisson stream: bursts and lulls like real audiences.
  return Math.max(SECOND_MS, Math.round(-Math.log(1 - rng.next()) * meanIntervalMs[level]));
}

export function scheduleActivity(core: SandboxCore, level: ActivityLevel, now: number): void {
  core.activity = level;
  const state = core.store.dyn.activity;
  state.nextAt =
    level === "off"
      ? null
      : now + nextGap(createRng(core.store.dyn.seed, "activity-start", state.counter), level);
  core.store.touch();
}

function activeAccounts(core: SandboxCore): Account[] {
  const subscribed = core.store.accounts.filter(
    (account) => (core.store.dyn.subscriptions[account.igUserId]?.length ?? 0) > 0,
  );
  return subscribed.length > 0 ? subscribed : core.store.accounts;
}

function newPerson(core: SandboxCore, rng: Rng, account: Account): Person {
  const taken = new Set(
    (core.store.peopleByAccount.get(account.igUserId) ?? []).map((person) => person.username),
  );
  let identity = personIdentity(rng);
  while (taken.has(identity.username)) identity = personIdentity(rng);
  const person: Person = {
    igsid: numericId(rng, String(rng.int(5, 8)), 16),
    accountId: account.igUserId,
    username: identity.username,
    name: identity.name,
    followerCount: Math.max(3, Math.round(rng.logNormal(380, 1.1))),
    isVerified: false,
    followsBusiness: rng.chance(0.6),
    businessFollows: false,
    hasProfilePic: rng.chance(0.9),
  };
  core.store.addPerson(person);
  return person;
}

function pickPerson(core: SandboxCore, rng: Rng, account: Account): Person {
  const people = core.store.peopleByAccount.get(account.igUserId) ?? [];
  return people.length > 0 && rng.chance(0.6) ? rng.pick(people) : newPerson(core, rng, account);
}

/** A new comment from someone on one of the account's recent posts. */
export function liveComment(
  core: SandboxCore,
  rng: Rng,
  account: Account,
  at: number,
  overrides: { text?: string; mediaId?: string; username?: string } = {},
): CommentRecord | undefined {
  const store = core.store;
  const recent = store
    .listMedia(account.igUserId, at)
    .filter((media) => media.commentEnabled)
    .slice(0, 6);
  const media =
    overrides.mediaId !== undefined
      ? store.media.get(overrides.mediaId)
      : recent.length > 0
        ? rng.weighted(recent.map((item, index) => [item, 6 - index] as const))
        : undefined;
  if (!media || media.accountId !== account.igUserId) return undefined;
  const voice = profileFor(account).voice;
  let person = pickPerson(core, rng, account);
  if (overrides.username !== undefined) {
    person =
      (store.peopleByAccount.get(account.igUserId) ?? []).find(
        (entry) => entry.username === overrides.username,
      ) ?? person;
  }
  const text =
    overrides.text ??
    rng.weighted([
      [rng.pick(voice.questions), 3],
      [rng.pick(voice.praise), 5],
      [rng.pick(genericLiveComments), 2],
    ] as const);
  const comment: CommentRecord = {
    id: core.newId("178"),
    mediaId: media.id,
    accountId: account.igUserId,
    fromId: person.igsid,
    username: person.username,
    text,
    timestamp: at,
    likeCount: 0,
    hidden: false,
    byOwner: false,
  };
  store.addComment(comment);
  emitCommentWebhook(core, comment);
  return comment;
}

/** A DM from someone: a follow-up in a recent thread or a new conversation. */
export function liveMessage(
  core: SandboxCore,
  rng: Rng,
  account: Account,
  at: number,
  overrides: {
    text?: string;
    username?: string;
    /** The person mentioned the account in their story (no text: an attachment). */
    storyMention?: boolean;
    /** The person replied to the account's newest story. */
    replyToStory?: boolean;
  } = {},
): MessageRecord {
  const store = core.store;
  const voice = profileFor(account).voice;
  const recentThreads = store
    .conversationsOf(account.igUserId, at)
    .filter((thread) => at - thread.updatedAt < 7 * DAY_MS);
  let person: Person;
  let text: string;
  if (overrides.username !== undefined) {
    person =
      (store.peopleByAccount.get(account.igUserId) ?? []).find(
        (entry) => entry.username === overrides.username,
      ) ?? newPerson(core, rng, account);
    text = overrides.text ?? rng.pick(followUps);
  } else if (recentThreads.length > 0 && rng.chance(0.5)) {
    person =
      store.people.get(rng.pick(recentThreads).conversation.personId) ??
      pickPerson(core, rng, account);
    text = overrides.text ?? rng.pick(followUps);
  } else {
    person = pickPerson(core, rng, account);
    text = overrides.text ?? rng.pick(voice.dmScripts).lines[0]![1];
  }
  const message: MessageRecord = {
    id: messageId(account.igUserId, `live:${store.nextCounter()}:${at}`),
    conversationId: conversationId(account.igUserId, person.igsid),
    accountId: account.igUserId,
    fromId: person.igsid,
    toId: account.igUserId,
    ...(overrides.storyMention
      ? { attachments: [{ type: "story_mention", url: "sandbox-art:story" }] }
      : { text }),
    ...(overrides.replyToStory
      ? {
          replyToStory: {
            id: `${account.igUserId}-story-${Math.floor(at / DAY_MS)}`,
            url: "sandbox-art:story",
          },
        }
      : {}),
    timestamp: at,
  };
  store.addMessage(message, person.igsid);
  emitMessageWebhook(core, message, false);
  return message;
}

/** Generates every event due by `now`; deterministic for a given seed and tick sequence. */
export function runActivity(core: SandboxCore, now: number): number {
  if (core.activity === "off") return 0;
  const state = core.store.dyn.activity;
  if (state.nextAt === null) {
    scheduleActivity(core, core.activity, now);
    return 0;
  }
  let changed = false;
  if (state.nextAt < now - MAX_CATCH_UP_MS) {
    state.nextAt = now - MAX_CATCH_UP_MS;
    changed = true;
  }
  let events = 0;
  while (state.nextAt !== null && state.nextAt <= now && events < MAX_EVENTS_PER_TICK) {
    const rng = createRng(core.store.dyn.seed, "activity", state.counter);
    state.counter += 1;
    const accounts = activeAccounts(core);
    const account = rng.weighted(
      accounts.map((entry) => [entry, Math.sqrt(entry.followersAtAnchor + 100)] as const),
    );
    const at: number = state.nextAt;
    if (rng.chance(0.55)) liveComment(core, rng, account, at);
    else liveMessage(core, rng, account, at);
    // Now and then the account also posts a story (its own stream, so comments and DMs stay as they were).
    const storyRng = createRng(core.store.dyn.seed, "activity-story", state.counter);
    if (storyRng.chance(LIVE_STORY_CHANCE)) liveStory(core, storyRng, account, at);
    // A separate stream, so the comments and messages above stay what they were.
    const mentionRng = createRng(core.store.dyn.seed, "activity-mention", state.counter);
    if (mentionRng.chance(LIVE_MENTION_CHANCE)) liveMention(core, mentionRng, account, at);
    events += 1;
    state.nextAt = at + nextGap(rng, core.activity);
  }
  // Idle ticks change nothing; skip the state-file write.
  if (events > 0 || changed) core.store.touch();
  return events;
}
