import { base64Id, numericId, shortcode } from "../core/ids.ts";
import { createRng, type Rng } from "../core/prng.ts";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../core/time.ts";
import { type CaptionKind, composeCaption, fillTemplate, personIdentity } from "./corpus.ts";
import { generateMentions } from "./mentions.ts";
import { type AccountProfile, accountProfiles, publicAccountSeeds } from "./profiles.ts";
import { followersAt, generatePostStats } from "./stats.ts";
import type {
  Account,
  CommentRecord,
  ConversationRecord,
  MediaChild,
  MediaRecord,
  MessageRecord,
  Person,
  World,
} from "./types.ts";

/**
 * The generator's version: part of the key of the world cached in the data folder
 * (state/world-cache.ts). Raise it with any change to what generateWorld returns (this folder's
 * profiles, corpus and statistics, the id and random helpers it uses); generate-world.test.ts
 * pins a digest of the world, which fails until it is raised.
 */
export const WORLD_GENERATOR_VERSION = 2;

/**
 * Builds the demo world from a seed and an anchor day (UTC midnight). Nothing here reads the
 * clock or Math.random: the same seed and anchor give byte-identical data. A `space` (a private
 * copy for one user of the host, decision 015) gets the same posts, comments and conversations
 * under account, Page and Facebook-user ids of its own, so nothing one copy's owner does can be
 * routed to another's (webhooks, deauthorize callbacks and stored rows all key on those ids).
 */
export function generateWorld(seed: number, anchorDay: number, space?: string): World {
  const world: World = {
    seed,
    anchorDay,
    accounts: [],
    people: [],
    media: [],
    comments: [],
    conversations: [],
    messages: [],
    publicAccounts: [],
    mentions: [],
  };
  for (const profile of accountProfiles) {
    generateAccount(world, profile, space);
  }
  const publicRng = createRng(seed, "public-accounts");
  world.publicAccounts = publicAccountSeeds.map((entry) => ({
    ...entry,
    id: numericId(publicRng, "17841", 17),
    mediaCount: publicRng.int(180, 1400),
  }));
  world.mentions = generateMentions(seed, anchorDay, world.accounts, world.publicAccounts);
  return world;
}

export function profileFor(account: Pick<Account, "key">): AccountProfile {
  const profile = accountProfiles.find((entry) => entry.key === account.key);
  if (!profile) throw new Error(`No profile for account ${account.key}`);
  return profile;
}

function generateAccount(world: World, profile: AccountProfile, space: string | undefined): void {
  const { seed, anchorDay } = world;
  const idRng =
    space === undefined
      ? createRng(seed, profile.key, "ids")
      : createRng(seed, profile.key, "ids", "space", space);
  const account: Account = {
    key: profile.key,
    igUserId: numericId(idRng, "17841", 17),
    appScopedId: numericId(idRng, "2", 17),
    username: profile.username,
    name: profile.name,
    accountType: profile.accountType,
    biography: profile.biography,
    website: profile.website,
    followersAtAnchor: Math.round(
      profile.followersNow * createRng(seed, profile.key, "followers").float(0.96, 1.04),
    ),
    followersYearAgo: profile.followersYearAgo,
    followsCount: profile.followsCount,
    pageId: numericId(idRng, "1", 15),
    pageName: profile.pageName,
    fbUserId: numericId(idRng, "10", 16),
    fbUserName: profile.fbUserName,
    unlinkedPages: profile.unlinkedPages.map((name) => ({ id: numericId(idRng, "1", 15), name })),
    palette: [...profile.palette],
    // @oona.bakes switched to a creator account about ten months ago: her oldest posts predate it.
    ...(profile.key === "oona" ? { professionalSince: anchorDay - 300 * DAY_MS } : {}),
  };
  world.accounts.push(account);

  const people = generatePeople(createRng(seed, profile.key, "people"), account, profile);
  world.people.push(...people);

  const posts = generatePosts(createRng(seed, profile.key, "posts"), world, account, profile);
  world.media.push(...posts);

  const commentRng = createRng(seed, profile.key, "comments");
  for (const post of posts) {
    world.comments.push(...generateComments(commentRng, account, profile, post, people, anchorDay));
  }

  const dmRng = createRng(seed, profile.key, "dms");
  generateConversations(dmRng, world, account, profile, people);
}

function generatePeople(rng: Rng, account: Account, profile: AccountProfile): Person[] {
  const people: Person[] = [];
  const usernames = new Set<string>([account.username]);
  while (people.length < profile.peopleCount) {
    const identity = personIdentity(rng);
    if (usernames.has(identity.username)) continue;
    usernames.add(identity.username);
    people.push({
      igsid: numericId(rng, String(rng.int(5, 8)), 16),
      accountId: account.igUserId,
      username: identity.username,
      name: identity.name,
      followerCount: Math.max(3, Math.round(rng.logNormal(420, 1.1))),
      isVerified: rng.chance(0.01),
      followsBusiness: rng.chance(0.72),
      businessFollows: rng.chance(0.08),
      hasProfilePic: rng.chance(0.9),
    });
  }
  return people;
}

function pickKind(rng: Rng, profile: AccountProfile): "IMAGE" | "CAROUSEL" | "REELS" {
  return rng.weighted(profile.mix);
}

function generatePosts(
  rng: Rng,
  world: World,
  account: Account,
  profile: AccountProfile,
): MediaRecord[] {
  const { anchorDay } = world;
  const posts: MediaRecord[] = [];
  const firstDay = anchorDay - 364 * DAY_MS;
  const quiet = new Set<number>();
  while (quiet.size < Math.min(profile.quietWeeks, 50)) quiet.add(rng.int(0, 51));
  const slots: number[] = [];
  for (let week = 0; week < 52; week++) {
    if (quiet.has(week)) continue;
    const count = rng.int(profile.postsPerWeek[0], profile.postsPerWeek[1]);
    const days = rng
      .shuffle([0, 1, 2, 3, 4, 5, 6])
      .slice(0, count)
      .sort((a, b) => a - b);
    for (const day of days) {
      const dayStart = firstDay + (week * 7 + day) * DAY_MS;
      if (dayStart >= anchorDay) continue;
      const localHour = rng.pick(profile.postingHours);
      const utcOffset = profile.audienceZones[0]![0];
      const time =
        dayStart +
        ((localHour - utcOffset + 24) % 24) * HOUR_MS +
        rng.int(0, 59) * MINUTE_MS +
        rng.int(0, 59) * 1000;
      if (time < anchorDay) slots.push(time);
    }
  }
  // Small accounts: keep only their most recent few posts.
  const kept = profile.postCount !== undefined ? slots.slice(-profile.postCount) : slots;
  for (const timestamp of kept) {
    posts.push(buildPost(rng, anchorDay, account, profile, timestamp, pickKind(rng, profile)));
  }
  // A couple of live stories from the last hours before the anchor.
  const storyCount = profile.key === "lena" ? 2 : profile.key === "northfield" ? 1 : 0;
  for (let index = 0; index < storyCount; index++) {
    const timestamp = anchorDay - rng.int(1, 6) * HOUR_MS - rng.int(0, 59) * MINUTE_MS;
    posts.push(buildPost(rng, anchorDay, account, profile, timestamp, "STORY"));
  }
  return posts.sort((a, b) => b.timestamp - a.timestamp);
}

function buildPost(
  rng: Rng,
  anchorDay: number,
  account: Account,
  profile: AccountProfile,
  timestamp: number,
  kind: "IMAGE" | "CAROUSEL" | "REELS" | "STORY",
): MediaRecord {
  const id = numericId(rng, "179", 17);
  const [width, height] =
    kind === "REELS" || kind === "STORY"
      ? [1080, 1920]
      : rng.weighted<[number, number]>([
          [[1080, 1350], 5],
          [[1080, 1080], 3],
          [[1440, 1800], 1],
          [[1080, 566], 1],
        ]);
  const mediaType =
    kind === "CAROUSEL"
      ? "CAROUSEL_ALBUM"
      : kind === "REELS"
        ? "VIDEO"
        : kind === "STORY" && rng.chance(0.4)
          ? "VIDEO"
          : "IMAGE";
  const productType = kind === "REELS" ? "REELS" : kind === "STORY" ? "STORY" : "FEED";
  const durationMs =
    mediaType === "VIDEO" ? (kind === "STORY" ? rng.int(5, 15) : rng.int(7, 75)) * 1000 : undefined;
  let children: MediaChild[] | undefined;
  if (kind === "CAROUSEL") {
    const count = rng.weighted([
      [2, 1],
      [3, 3],
      [4, 3],
      [5, 3],
      [6, 2],
      [7, 1],
      [8, 1],
      [10, 1],
    ] as const);
    const withVideo = rng.chance(0.22);
    children = Array.from({ length: count }, (_, index) => {
      const isVideo = withVideo && index === count - 1;
      return {
        id: numericId(rng, "179", 17),
        mediaType: isVideo ? "VIDEO" : "IMAGE",
        width,
        height,
        art: rng.int(0, 2 ** 31),
        ...(isVideo ? { durationMs: rng.int(5, 40) * 1000 } : {}),
      } satisfies MediaChild;
    });
  }
  const captionKind: CaptionKind = kind;
  const followers = followersAt(account, anchorDay, timestamp);
  const post: MediaRecord = {
    id,
    accountId: account.igUserId,
    mediaType,
    productType,
    caption: composeCaption(rng, profile.voice, captionKind),
    timestamp,
    shortcode: shortcode(rng),
    width,
    height,
    commentEnabled: true,
    stats: generatePostStats(
      rng,
      profile,
      productType,
      mediaType,
      followers,
      timestamp,
      durationMs,
    ),
    art: rng.int(0, 2 ** 31),
    source: "seed",
  };
  if (durationMs !== undefined) post.durationMs = durationMs;
  if (children) post.children = children;
  if (productType === "REELS") post.isSharedToFeed = rng.chance(0.85);
  if (mediaType === "IMAGE" && rng.chance(0.3)) post.altText = rng.pick(profile.voice.altTexts);
  return post;
}

function commentDelay(rng: Rng): number {
  // Most comments arrive in the first hours; a long tail over days.
  return Math.round(rng.logNormal(3 * HOUR_MS, 1.3)) + rng.int(30, 600) * 1000;
}

function generateComments(
  rng: Rng,
  account: Account,
  profile: AccountProfile,
  post: MediaRecord,
  people: readonly Person[],
  anchorDay: number,
): CommentRecord[] {
  if (post.productType === "STORY") return [];
  const voice = profile.voice;
  const planned = Math.min(
    70,
    Math.round(post.stats.likes * profile.commentRate * rng.logNormal(1, 0.4)),
  );
  const comments: CommentRecord[] = [];
  for (let index = 0; index < planned; index++) {
    const person = rng.pick(people);
    const isQuestion = rng.chance(0.3);
    const timestamp = post.timestamp + commentDelay(rng);
    const comment: CommentRecord = {
      id: numericId(rng, "178", 17),
      mediaId: post.id,
      accountId: account.igUserId,
      fromId: person.igsid,
      username: person.username,
      text: isQuestion ? rng.pick(voice.questions) : rng.pick(voice.praise),
      timestamp,
      likeCount: rng.chance(0.6) ? rng.int(0, 4) : rng.int(0, 30),
      hidden: rng.chance(0.01),
      byOwner: false,
    };
    comments.push(comment);
    if (
      rng.chance(isQuestion ? Math.min(0.95, profile.ownerReplyRate + 0.3) : profile.ownerReplyRate)
    ) {
      comments.push({
        id: numericId(rng, "178", 17),
        mediaId: post.id,
        accountId: account.igUserId,
        parentId: comment.id,
        fromId: account.igUserId,
        username: account.username,
        text: isQuestion ? rng.pick(voice.answerReplies) : rng.pick(voice.ownerReplies),
        timestamp: timestamp + Math.round(rng.logNormal(2 * HOUR_MS, 0.9)),
        likeCount: rng.int(0, 3),
        hidden: false,
        byOwner: true,
      });
    } else if (rng.chance(0.05)) {
      const other = rng.pick(people);
      comments.push({
        id: numericId(rng, "178", 17),
        mediaId: post.id,
        accountId: account.igUserId,
        parentId: comment.id,
        fromId: other.igsid,
        username: other.username,
        text: rng.pick(["Same question!", "+1", "Right?! 😍", "Agreed!"]),
        timestamp: timestamp + Math.round(rng.logNormal(1 * HOUR_MS, 1)),
        likeCount: rng.int(0, 2),
        hidden: false,
        byOwner: false,
      });
    }
  }
  // Comments after the anchor would "arrive" while the sandbox runs; keep generated ones in the past.
  return comments.filter((comment) => comment.timestamp < anchorDay);
}

export function conversationId(accountId: string, igsid: string): string {
  return base64Id(`ig_thread:1:IGMessageThread:${accountId}:${igsid}`);
}

export function messageId(accountId: string, key: string): string {
  return base64Id(`ig_message_item:1:IGMessage:${accountId}:${key}`);
}

function generateConversations(
  rng: Rng,
  world: World,
  account: Account,
  profile: AccountProfile,
  people: readonly Person[],
): void {
  const partners = rng.shuffle(people).slice(0, profile.conversationCount);
  partners.forEach((person, index) => {
    const conversation: ConversationRecord = {
      id: conversationId(account.igUserId, person.igsid),
      accountId: account.igUserId,
      personId: person.igsid,
    };
    world.conversations.push(conversation);
    const script = rng.pick(profile.voice.dmScripts);
    // The first few threads are recent, so the 24 h messaging window is open for some.
    const lastAt =
      index < 3
        ? world.anchorDay - rng.int(20, 600) * MINUTE_MS
        : world.anchorDay - rng.int(1, 60) * DAY_MS - rng.int(0, 23) * HOUR_MS;
    const gaps = script.lines.map(() => Math.round(rng.logNormal(25 * MINUTE_MS, 1.2)));
    let at = lastAt - gaps.reduce((sum, gap) => sum + gap, 0);
    script.lines.forEach(([direction, template], lineIndex) => {
      at += gaps[lineIndex]!;
      const text = fillTemplate(rng, template, profile.voice.slots, {
        name: person.name.split(" ")[0]!,
      });
      const message: MessageRecord = {
        id: messageId(account.igUserId, `${person.igsid}:${lineIndex}`),
        conversationId: conversation.id,
        accountId: account.igUserId,
        fromId: direction === "in" ? person.igsid : account.igUserId,
        toId: direction === "in" ? account.igUserId : person.igsid,
        text,
        timestamp: at,
      };
      if (direction === "in" && text.endsWith("here it is")) {
        message.attachments = [{ type: "image", url: `sandbox-art:dm:${message.id}` }];
      }
      world.messages.push(message);
    });
  });
}
