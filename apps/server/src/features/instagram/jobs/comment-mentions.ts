import {
  type findInstagramConnectionsByAccount,
  findSyncedMediaIds,
  type InstagramConnectionRow,
} from "@sightline/db";
import { commentChangeValueSchema, parseWebhookPayload } from "@sightline/instagram-graph";
import type { InstagramContext } from "../context.ts";

/** Characters of an Instagram username (letters, digits, `.` and `_`). */
const USERNAME_CHAR = "[A-Za-z0-9._]";

/**
 * Whether `text` @mentions `username`: `@name` not inside a longer name (a username never ends
 * with a dot, so "@lena.makes." at the end of a sentence still counts). Case does not matter.
 */
export function mentionsUsername(text: string, username: string): boolean {
  if (username === "") return false;
  const escaped = username.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^A-Za-z0-9._])@${escaped}(?!${USERNAME_CHAR}*[A-Za-z0-9_])`, "i").test(
    text,
  );
}

type ConnectionsOf = (accountId: string) => ReturnType<typeof findInstagramConnectionsByAccount>;

/**
 * Whether a comment's media is one of the account's own synced media, for a whole batch of
 * deliveries with ONE query: the first question reads every `comments` change of the batch that
 * holds an "@" and asks the database about all their media at once; later questions use that
 * answer. A batch with no such comment asks nothing.
 */
export function ownMediaLookup(
  ctx: InstagramContext,
  events: ReadonlyArray<{ body: string }>,
  connectionsOf: ConnectionsOf,
) {
  let known: Promise<Set<string>> | undefined;
  const keyOf = (workspaceId: string, accountId: string, mediaId: string) =>
    `${workspaceId}:${accountId}:${mediaId}`;

  async function load(): Promise<Set<string>> {
    const accounts = new Set<string>();
    const mediaIds = new Set<string>();
    for (const event of events) {
      let body: ReturnType<typeof parseWebhookPayload>;
      try {
        body = parseWebhookPayload(event.body);
      } catch {
        continue;
      }
      for (const entry of body.entry) {
        for (const change of entry.changes ?? []) {
          if (change.field !== "comments") continue;
          const value = commentChangeValueSchema.safeParse(change.value);
          if (!value.success || !value.data.media?.id || !value.data.text?.includes("@")) continue;
          accounts.add(entry.id);
          mediaIds.add(value.data.media.id);
        }
      }
    }
    const workspaceIds = new Set<string>();
    const accountIds = new Set<string>();
    for (const account of accounts) {
      for (const connection of await connectionsOf(account)) {
        workspaceIds.add(connection.workspaceId);
        accountIds.add(connection.instagramId);
      }
    }
    const rows = await findSyncedMediaIds(ctx.db, {
      workspaceIds: [...workspaceIds],
      accountIds: [...accountIds],
      mediaIds: [...mediaIds],
    });
    return new Set(rows.map((row) => keyOf(row.workspaceId, row.accountId, row.igMediaId)));
  }

  return async (connection: InstagramConnectionRow, mediaId: string): Promise<boolean> => {
    known ??= load();
    return (await known).has(keyOf(connection.workspaceId, connection.instagramId, mediaId));
  };
}

export type OwnMediaLookup = ReturnType<typeof ownMediaLookup>;
