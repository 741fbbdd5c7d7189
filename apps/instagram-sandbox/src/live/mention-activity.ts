import type { SandboxCore } from "../core/context.ts";
import type { Rng } from "../core/prng.ts";
import { buildMention } from "../data/mentions.ts";
import type { Account, MentionRecord } from "../data/types.ts";
import { addMention } from "../state/mentions-store.ts";

/** Share of live ticks that also bring a mention or tag of the account. */
export const LIVE_MENTION_CHANCE = 0.08;

/**
 * How Meta tells the account it was @mentioned, by the login that subscribed (§4, §6.3, §6.4).
 * Tags send no webhook; they are read through `/tags`.
 *
 * - Facebook Login: the `mentions` change ([FB] field), `media_id` plus `comment_id` for a
 *   comment mention; the app reads it back through `mentioned_media` / `mentioned_comment`.
 * - Instagram Login: "[IG] @mentions arrive inside `comments` webhooks, not a separate `mentions`
 *   field" (§4): a comment mention is a `comments` change carrying the whole comment (`id`,
 *   `text`, `from`, `media{id,media_product_type}`), on the other account's media. A caption
 *   mention is not delivered on [IG]: the reference names no webhook for it there (`mentions` is
 *   "[FB]; folded into `comments` on [IG]", §6.3, and a caption is not a comment).
 */
export function emitMentionWebhook(core: SandboxCore, mention: MentionRecord): void {
  if (mention.kind === "tag") return;
  const login = core.store.dyn.subscriptionLogins?.[mention.accountId] ?? "instagram";
  const fields = core.store.dyn.subscriptions[mention.accountId] ?? [];
  if (login === "instagram") {
    if (mention.kind === "comment") emitMentionAsComment(core, mention, fields);
    return;
  }
  if (!fields.includes("mentions")) return;
  core.webhooks.send(
    {
      object: "instagram",
      entry: [
        {
          id: mention.accountId,
          time: Math.floor(core.now() / 1000),
          changes: [
            {
              field: "mentions",
              value: {
                media_id: mention.media.id,
                ...(mention.comment ? { comment_id: mention.comment.id } : {}),
              },
            },
          ],
        },
      ],
    },
    "mentions",
    login,
  );
}

/** [IG]: the mentioning comment as a `comments` change (captured production form, §6.4). */
function emitMentionAsComment(
  core: SandboxCore,
  mention: MentionRecord,
  fields: readonly string[],
): void {
  if (!mention.comment || !fields.includes("comments")) return;
  const author = core.store.world.publicAccounts.find(
    (account) => account.username === mention.author,
  );
  core.webhooks.send(
    {
      object: "instagram",
      entry: [
        {
          id: mention.accountId,
          time: Math.floor(core.now() / 1000),
          changes: [
            {
              field: "comments",
              value: {
                from: { id: author?.id ?? mention.media.ownerId, username: mention.author },
                media: { id: mention.media.id, media_product_type: mention.media.productType },
                id: mention.comment.id,
                text: mention.comment.text,
              },
            },
          ],
        },
      ],
    },
    "comments",
    "instagram",
  );
}

/** Another (public) account mentions or tags `account` now. */
export function liveMention(
  core: SandboxCore,
  rng: Rng,
  account: Account,
  at: number,
  choice: { kind?: MentionRecord["kind"]; author?: string; text?: string } = {},
): MentionRecord | undefined {
  const publicAccounts = core.store.world.publicAccounts;
  if (publicAccounts.length < 2) return undefined;
  const mention = buildMention(rng, account, publicAccounts, at, choice);
  mention.media.id = core.newId("179");
  if (mention.comment) mention.comment.id = core.newId("178");
  addMention(core.store, mention);
  emitMentionWebhook(core, mention);
  return mention;
}
