import { numericId, shortcode } from "../core/ids.ts";
import { createRng, type Rng } from "../core/prng.ts";
import { DAY_MS, HOUR_MS, MINUTE_MS } from "../core/time.ts";
import type { Account, MentionRecord, PublicAccount } from "./types.ts";

const captionMentions: Record<PublicAccount["voice"], readonly string[]> = {
  ceramics: [
    "Studio visit with @{u} today — those glazes in person 😍 #ceramics",
    "Swapped mugs with @{u}! Mine is the speckled one #potterylove",
    "Inspired by @{u}'s carving work this week #handmadeceramics",
  ],
  coffee: [
    "Our flat white tastes better in a cup by @{u} ☕ #specialtycoffee",
    "Pouring into the new @{u} cups all weekend #pourover",
    "Collab drop with @{u} on Friday! #coffeeroaster",
  ],
  bakery: [
    "Bread board by @{u}, loaf by us 🍞 #realbread",
    "Serving our morning buns on plates from @{u} #bakery",
  ],
  lifestyle: [
    "Styled our shelves with pieces from @{u} #interiors",
    "Favourite makers this month: @{u} ✨ #slowliving",
  ],
};

const commentMentions = [
  "@{u} you need to see this!",
  "This reminds me of @{u}'s work 😍",
  "@{u} would love a collab like this",
  "Got mine from @{u} last month, same glaze!",
  "@{u} is this your mug?",
];

const tagCaptions: Record<PublicAccount["voice"], readonly string[]> = {
  ceramics: ["Market day with friends #pottery", "Kiln opening party 🔥 #ceramics"],
  coffee: ["Cupping session with the crew #coffee", "Saturday pop-up ☕ #latteart"],
  bakery: ["Bake sale with the neighbours #sourdough", "Market stall setup #bakery"],
  lifestyle: ["Maker meetup #handmadehome", "Studio tour day #interiors"],
};

function fill(template: string, username: string): string {
  return template.replaceAll("{u}", username);
}

/**
 * One mention of `account` by `author` at `at`: a post whose caption names it, a comment naming it
 * under another public account's post, or a post it is tagged in.
 */
export function buildMention(
  rng: Rng,
  account: Pick<Account, "igUserId" | "username">,
  publicAccounts: readonly PublicAccount[],
  at: number,
  choice: { kind?: MentionRecord["kind"]; author?: string; text?: string } = {},
): MentionRecord {
  const kind =
    choice.kind ??
    rng.weighted([
      ["caption", 4],
      ["comment", 3],
      ["tag", 3],
    ] as const);
  const author =
    publicAccounts.find((entry) => entry.username === choice.author) ??
    rng.weighted(publicAccounts.map((entry) => [entry, 1] as const));
  const owner =
    kind === "comment"
      ? rng.pick(publicAccounts.filter((entry) => entry.username !== author.username))
      : author;
  const mediaKind = rng.weighted([
    ["IMAGE", 5],
    ["CAROUSEL_ALBUM", 2],
    ["REELS", 2],
  ] as const);
  const likeCount = Math.round(owner.followersCount * rng.logNormal(0.03, 0.5));
  const postedAt = kind === "comment" ? at - rng.int(30, 600) * MINUTE_MS : at;
  const caption =
    kind === "caption"
      ? (choice.text ?? fill(rng.pick(captionMentions[owner.voice]), account.username))
      : kind === "tag"
        ? rng.pick(tagCaptions[owner.voice])
        : rng.pick(tagCaptions[owner.voice]);
  const mention: MentionRecord = {
    kind,
    accountId: account.igUserId,
    author: author.username,
    media: {
      id: numericId(rng, "179", 17),
      caption,
      mediaType: mediaKind === "REELS" ? "VIDEO" : mediaKind,
      productType: mediaKind === "REELS" ? "REELS" : "FEED",
      timestamp: postedAt,
      shortcode: shortcode(rng),
      likeCount,
      commentsCount: Math.round(likeCount * rng.float(0.01, 0.05)) + (kind === "comment" ? 1 : 0),
      ...(mediaKind === "REELS" ? { viewCount: Math.round(likeCount * rng.float(8, 25)) } : {}),
      likesHidden: rng.chance(0.05),
      art: rng.int(0, 2 ** 31),
      owner: owner.username,
      ownerId: owner.id,
    },
  };
  if (kind === "comment") {
    mention.comment = {
      id: numericId(rng, "178", 17),
      text: choice.text ?? fill(rng.pick(commentMentions), account.username),
      timestamp: at,
      likeCount: rng.int(0, 12),
    };
  }
  return mention;
}

/** When a mention became visible: its comment's time, or its post's. */
export function mentionTime(mention: MentionRecord): number {
  return mention.comment?.timestamp ?? mention.media.timestamp;
}

/**
 * Two months of mentions and tags of each account by the public accounts, a handful in the last
 * week; deterministic for the seed and anchor day (no clock, no Math.random).
 */
export function generateMentions(
  seed: number,
  anchorDay: number,
  accounts: readonly Account[],
  publicAccounts: readonly PublicAccount[],
): MentionRecord[] {
  const mentions: MentionRecord[] = [];
  if (publicAccounts.length < 2) return mentions;
  for (const account of accounts) {
    const rng = createRng(seed, "mentions", account.key);
    const count = account.key === "lena" ? 16 : 6;
    for (let index = 0; index < count; index++) {
      // The first third falls in the last week, so "this week" is never empty.
      const daysAgo = index < count / 3 ? rng.float(0.1, 6.5) : rng.float(7, 60);
      const at = anchorDay - Math.round(daysAgo * DAY_MS) - rng.int(0, 59) * MINUTE_MS;
      mentions.push(buildMention(rng, account, publicAccounts, Math.min(at, anchorDay - HOUR_MS)));
    }
  }
  return mentions.sort((a, b) => mentionTime(b) - mentionTime(a));
}
