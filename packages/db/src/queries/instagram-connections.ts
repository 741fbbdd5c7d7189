import { and, asc, eq, gt, lt, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { postgresErrorCode } from "../postgres-errors.ts";
import {
  aiTeamReports,
  automationRuns,
  inboxCommentActions,
  inboxConversationLabels,
  inboxMessageAttachments,
  inboxPeople,
  inboxReadStates,
  instagramAccountInsights,
  instagramAccountPeriodInsights,
  instagramAudienceSnapshots,
  instagramComments,
  instagramConnections,
  instagramMedia,
  instagramMediaInsights,
  instagramMentions,
  instagramMessages,
  instagramOauthStates,
  instagramOnlineFollowers,
  instagramStories,
  instagramStorySnapshots,
  instagramSyncState,
  instagramThreadMap,
} from "../schema/index.ts";
import { deleteWebhookEventsOfUnconnectedAccounts } from "./instagram-webhooks.ts";

export type InstagramConnectionRow = typeof instagramConnections.$inferSelect;
export type NewInstagramConnection = typeof instagramConnections.$inferInsert;

/** One connected account: the workspace and the Instagram account id (IG_ID). */
export type ConnectionKey = { workspaceId: string; instagramId: string };

/**
 * A workspace's connection (spec section 7 reads "user" as the workspace it has open): the
 * account `instagramId` names, or without one the workspace's first connected account; undefined
 * when there is none (or the named account is not connected to this workspace).
 */
export async function findInstagramConnection(
  db: Db,
  workspaceId: string,
  instagramId?: string,
): Promise<InstagramConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(instagramConnections)
    .where(
      instagramId === undefined
        ? eq(instagramConnections.workspaceId, workspaceId)
        : and(
            eq(instagramConnections.workspaceId, workspaceId),
            eq(instagramConnections.instagramId, instagramId),
          ),
    )
    .orderBy(asc(instagramConnections.connectedAt), asc(instagramConnections.id))
    .limit(1);
  return row;
}

/** Every account connected to the workspace, in the order they were connected. */
export async function listInstagramConnections(
  db: Db,
  workspaceId: string,
): Promise<InstagramConnectionRow[]> {
  return db
    .select()
    .from(instagramConnections)
    .where(eq(instagramConnections.workspaceId, workspaceId))
    .orderBy(asc(instagramConnections.connectedAt), asc(instagramConnections.id));
}

/** Creates an account's connection, or replaces it on a reconnect (the row's id stays). */
export async function saveInstagramConnection(
  db: Db,
  row: NewInstagramConnection,
): Promise<InstagramConnectionRow> {
  const {
    workspaceId: _workspaceId,
    instagramId: _instagramId,
    id: _id,
    connectedAt: _connectedAt,
    ...changes
  } = row;
  const [saved] = await db
    .insert(instagramConnections)
    .values(row)
    .onConflictDoUpdate({
      target: [instagramConnections.workspaceId, instagramConnections.instagramId],
      set: changes,
    })
    .returning();
  return saved!;
}

export async function updateInstagramConnection(
  db: Db,
  key: ConnectionKey,
  changes: Partial<Omit<NewInstagramConnection, "workspaceId" | "instagramId" | "id">>,
): Promise<InstagramConnectionRow | undefined> {
  const [row] = await db
    .update(instagramConnections)
    .set(changes)
    .where(
      and(
        eq(instagramConnections.workspaceId, key.workspaceId),
        eq(instagramConnections.instagramId, key.instagramId),
      ),
    )
    .returning();
  return row;
}

/**
 * Replaces the stored token only when the row still holds the one that was refreshed: a
 * reconnect in between wins, and an empty token never overwrites a good one.
 */
export async function replaceInstagramToken(
  db: Db,
  input: ConnectionKey & {
    previousCiphertext: string;
    ciphertext: string;
    expiresAt: Date | null;
    refreshedAt: Date;
  },
): Promise<boolean> {
  if (input.ciphertext === "") return false;
  const rows = await db
    .update(instagramConnections)
    .set({
      accessToken: input.ciphertext,
      tokenExpiresAt: input.expiresAt,
      tokenRefreshedAt: input.refreshedAt,
      updatedAt: input.refreshedAt,
    })
    .where(
      and(
        eq(instagramConnections.workspaceId, input.workspaceId),
        eq(instagramConnections.instagramId, input.instagramId),
        eq(instagramConnections.accessToken, input.previousCiphertext),
      ),
    )
    .returning({ id: instagramConnections.id });
  return rows.length > 0;
}

/** Connections of an Instagram account (webhooks name the IG_ID); several users may share one. */
export async function findInstagramConnectionsByAccount(db: Db, instagramId: string) {
  return db
    .select()
    .from(instagramConnections)
    .where(
      or(
        eq(instagramConnections.instagramId, instagramId),
        eq(instagramConnections.pageInstagramId, instagramId),
      ),
    );
}

/** The connections a Meta callback's user id names (an IG_ID, an app-scoped id or a Facebook user), in every workspace. */
export async function findConnectionsForMetaUserId(
  db: Db,
  metaUserId: string,
): Promise<ConnectionKey[]> {
  return db
    .select({
      workspaceId: instagramConnections.workspaceId,
      instagramId: instagramConnections.instagramId,
    })
    .from(instagramConnections)
    .where(
      or(
        eq(instagramConnections.instagramId, metaUserId),
        eq(instagramConnections.appScopedId, metaUserId),
        eq(instagramConnections.facebookUserId, metaUserId),
      ),
    );
}

/** Active connections whose token expires before `before` (the refresh job's work list). */
export async function listConnectionsExpiringBefore(db: Db, before: Date) {
  return db
    .select()
    .from(instagramConnections)
    .where(
      and(
        eq(instagramConnections.status, "active"),
        lt(instagramConnections.tokenExpiresAt, before),
      ),
    );
}

export async function listActiveInstagramConnections(db: Db) {
  return db.select().from(instagramConnections).where(eq(instagramConnections.status, "active"));
}

export async function insertOauthState(db: Db, row: typeof instagramOauthStates.$inferInsert) {
  await db.insert(instagramOauthStates).values(row);
}

export type OauthStateRow = typeof instagramOauthStates.$inferSelect;

/**
 * Takes a pending OAuth state once: deleted as it is read, so a replay finds nothing. Only the
 * session that started it (and its user, for a member's), and only before it expires. A connect
 * link's round trip has no user session: its `sessionId` is the visitor's browser binding.
 */
export async function consumeOauthState(
  db: Db,
  input: { stateHash: string; userId?: string; sessionId: string; now: Date },
): Promise<OauthStateRow | undefined> {
  const [row] = await db
    .delete(instagramOauthStates)
    .where(
      and(
        eq(instagramOauthStates.stateHash, input.stateHash),
        input.userId === undefined ? undefined : eq(instagramOauthStates.userId, input.userId),
        eq(instagramOauthStates.sessionId, input.sessionId),
        gt(instagramOauthStates.expiresAt, input.now),
      ),
    )
    .returning();
  // Old states of anyone are worthless: drop them on the way.
  await db.delete(instagramOauthStates).where(lt(instagramOauthStates.expiresAt, input.now));
  return row;
}

/** Every table the sync fills for an account, for disconnect and Meta's callbacks. */
const syncedTables = [
  ["instagram_media", instagramMedia],
  ["instagram_media_insights", instagramMediaInsights],
  ["instagram_account_insights", instagramAccountInsights],
  ["instagram_account_period_insights", instagramAccountPeriodInsights],
  ["instagram_audience_snapshots", instagramAudienceSnapshots],
  ["instagram_online_followers", instagramOnlineFollowers],
  ["instagram_sync_state", instagramSyncState],
  ["instagram_comments", instagramComments],
  ["instagram_messages", instagramMessages],
  ["instagram_thread_map", instagramThreadMap],
  // What the AI team computed from them (issue 31).
  ["ai_team_reports", aiTeamReports],
  // What automations did for the people who wrote (their words, names and ids; actions cascade).
  ["automation_runs", automationRuns],
  // What the inbox keeps beside them: people's names and pictures, read marks, hidden comments
  // and private replies, attachments; and labels on the account's conversations (the
  // workspace's labels themselves stay).
  ["inbox_people", inboxPeople],
  ["inbox_read_states", inboxReadStates],
  ["inbox_comment_actions", inboxCommentActions],
  ["inbox_message_attachments", inboxMessageAttachments],
  ["inbox_conversation_labels", inboxConversationLabels],
  // Stories read while they lived and their final figures (decision 039).
  ["instagram_stories", instagramStories],
  ["instagram_story_snapshots", instagramStorySnapshots],
  // Who mentioned or tagged the account (their names, words and posts).
  ["instagram_mentions", instagramMentions],
] as const;

/**
 * Deletes one account's connection (its token with it) and every row synced from Instagram for
 * that account in the workspace, in one transaction; the workspace's other accounts stay.
 * Returns the counts per table. A sync of the same account storing a page at that moment can
 * deadlock with it on PostgreSQL (seen in the role walk under CI load: "Disconnect" right after
 * "Sync now" answered 500): PostgreSQL ends one of the two (40P01, or 40001 when it cannot
 * serialize them), and the delete runs again, up to three times.
 */
export async function deleteInstagramConnectionAndData(db: Db, key: ConnectionKey) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deleteConnectionOnce(db, key);
    } catch (error) {
      const code = postgresErrorCode(error);
      if (attempt >= 3 || (code !== "40P01" && code !== "40001")) throw error;
    }
  }
}

async function deleteConnectionOnce(db: Db, key: ConnectionKey) {
  const deleted: Record<string, number> = {};
  await db.transaction(async (tx) => {
    for (const [name, table] of syncedTables) {
      const rows = await tx
        .delete(table)
        .where(and(eq(table.workspaceId, key.workspaceId), eq(table.accountId, key.instagramId)))
        .returning({ one: sql<number>`1` });
      if (rows.length > 0) deleted[name] = rows.length;
    }
    const connections = await tx
      .delete(instagramConnections)
      .where(
        and(
          eq(instagramConnections.workspaceId, key.workspaceId),
          eq(instagramConnections.instagramId, key.instagramId),
        ),
      )
      .returning({ id: instagramConnections.id, instagramId: instagramConnections.instagramId });
    if (connections.length > 0) deleted.instagram_connections = connections.length;
    // The stored webhook bodies (DM and comment text) of an account nobody is connected to now.
    const events = await deleteWebhookEventsOfUnconnectedAccounts(
      tx,
      connections.map((connection) => connection.instagramId),
    );
    if (events > 0) deleted.instagram_webhook_events = events;
  });
  return deleted;
}

/**
 * A member keeps this account active on a plan that connects fewer accounts than the workspace
 * has (issue 30 point 6): the most recently kept come first. False when no such account.
 */
export async function keepInstagramConnection(
  db: Db,
  workspaceId: string,
  instagramId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(instagramConnections)
    .set({ keptAt: at })
    .where(
      and(
        eq(instagramConnections.workspaceId, workspaceId),
        eq(instagramConnections.instagramId, instagramId),
      ),
    )
    .returning({ id: instagramConnections.id });
  return rows.length > 0;
}
