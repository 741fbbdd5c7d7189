import type { SandboxCore } from "../core/context.ts";
import type { Rng } from "../core/prng.ts";
import { buildMention } from "../data/mentions.ts";
import type { Account, MentionRecord } from "../data/types.ts";
import { addMention } from "../state/mentions-store.ts";

/** Share of live ticks that also bring a mention or tag of the account. */
export const LIVE_MENTION_CHANCE = 0.08;

/**
 * §6.4 — the `mentions` change ([FB] field; the sandbox sends it to every account subscribed to
 * `mentions`, whichever login subscribed): `media_id`, plus `comment_id` for a comment mention.
 * Tags send no webhook; they are read through `/tags`.
 */
export function emitMentionWebhook(core: SandboxCore, mention: MentionRecord): void {
  if (mention.kind === "tag") return;
  if (!(core.store.dyn.subscriptions[mention.accountId]?.includes("mentions") ?? false)) return;
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
    core.store.dyn.subscriptionLogins?.[mention.accountId] ?? "instagram",
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
