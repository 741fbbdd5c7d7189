import { and, desc, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  instagramConnectLinks,
  instagramOauthStates,
  workspaceMembers,
  workspaces,
} from "../schema/index.ts";

export type ConnectLinkRow = typeof instagramConnectLinks.$inferSelect;

export async function insertConnectLink(
  db: Db,
  row: typeof instagramConnectLinks.$inferInsert,
): Promise<ConnectLinkRow> {
  const [inserted] = await db.insert(instagramConnectLinks).values(row).returning();
  if (!inserted) throw new Error("connect link not inserted");
  return inserted;
}

/** A link that still works: not used, not withdrawn, not expired. */
function usable(now: Date) {
  return and(
    isNull(instagramConnectLinks.usedAt),
    isNull(instagramConnectLinks.revokedAt),
    gt(instagramConnectLinks.expiresAt, now),
  );
}

/**
 * A workspace's links that still work, and those used in the last `usedSince` (so the member sees
 * which account came through which link), newest first.
 */
export async function listConnectLinks(
  db: Db,
  workspaceId: string,
  input: { now: Date; usedSince: Date },
): Promise<ConnectLinkRow[]> {
  return db
    .select()
    .from(instagramConnectLinks)
    .where(
      and(
        eq(instagramConnectLinks.workspaceId, workspaceId),
        or(usable(input.now), gt(instagramConnectLinks.usedAt, input.usedSince)),
      ),
    )
    .orderBy(desc(instagramConnectLinks.createdAt))
    .limit(100);
}

export async function countUsableConnectLinks(db: Db, workspaceId: string, now: Date) {
  const rows = await db
    .select({ id: instagramConnectLinks.id })
    .from(instagramConnectLinks)
    .where(and(eq(instagramConnectLinks.workspaceId, workspaceId), usable(now)));
  return rows.length;
}

/** A link with its workspace's name and its maker's role there now (null: no longer a member). */
function linkWithContext(db: Db) {
  return db
    .select({
      link: instagramConnectLinks,
      workspaceName: workspaces.name,
      makerRole: workspaceMembers.role,
    })
    .from(instagramConnectLinks)
    .innerJoin(workspaces, eq(workspaces.id, instagramConnectLinks.workspaceId))
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, instagramConnectLinks.workspaceId),
        eq(workspaceMembers.userId, instagramConnectLinks.createdBy),
      ),
    );
}

/** The usable link with this token hash, with its workspace's name and its maker's role. */
export async function findUsableConnectLink(db: Db, tokenHash: string, now: Date) {
  const [row] = await linkWithContext(db).where(
    and(eq(instagramConnectLinks.tokenHash, tokenHash), usable(now)),
  );
  return row;
}

export async function findConnectLink(db: Db, id: string) {
  const [row] = await linkWithContext(db).where(eq(instagramConnectLinks.id, id));
  return row;
}

/** Withdraws a usable link of the workspace; false when there is none by that id. */
export async function revokeConnectLink(db: Db, workspaceId: string, id: string, now: Date) {
  const rows = await db
    .update(instagramConnectLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(instagramConnectLinks.id, id),
        eq(instagramConnectLinks.workspaceId, workspaceId),
        usable(now),
      ),
    )
    .returning({ id: instagramConnectLinks.id });
  return rows.length > 0;
}

/**
 * Takes the link for one connection: only while it is still usable, so two round trips started
 * from the same link cannot both connect an account. Undefined when it was used, withdrawn or
 * expired in between.
 */
export async function markConnectLinkUsed(
  db: Db,
  id: string,
  input: { now: Date; instagramId: string; username: string },
): Promise<ConnectLinkRow | undefined> {
  const [row] = await db
    .update(instagramConnectLinks)
    .set({ usedAt: input.now, usedInstagramId: input.instagramId, usedUsername: input.username })
    .where(and(eq(instagramConnectLinks.id, id), usable(input.now)))
    .returning();
  return row;
}

/**
 * The connect link behind a pending round trip of this browser (`session_id` = `link:` + the
 * hash of its cookie), while the round trip is fresh and the link usable: the sandbox's consent
 * page acts for it (decision 015: each link gets its own copy of the demo accounts).
 */
export async function findConnectLinkOfPendingState(db: Db, sessionId: string, now: Date) {
  const [row] = await db
    .select({ id: instagramConnectLinks.id })
    .from(instagramOauthStates)
    .innerJoin(
      instagramConnectLinks,
      eq(instagramConnectLinks.id, instagramOauthStates.connectLinkId),
    )
    .where(
      and(
        eq(instagramOauthStates.sessionId, sessionId),
        gt(instagramOauthStates.expiresAt, now),
        usable(now),
      ),
    )
    .orderBy(desc(instagramOauthStates.createdAt))
    .limit(1);
  return row?.id;
}

/**
 * Whose pending round trip a state belongs to, without taking it (the callback takes it): the
 * user who started it, or the connect link it started from while that link still works. A shared
 * Instagram sandbox asks this to know whose copy of the demo world its consent page acts in
 * (decision 032); undefined for an unknown, expired or used state.
 */
export async function findPendingOauthStateOwner(
  db: Db,
  stateHash: string,
  now: Date,
): Promise<{ userId: string; connectLinkId: string | null } | undefined> {
  const [row] = await db
    .select({
      userId: instagramOauthStates.userId,
      connectLinkId: instagramOauthStates.connectLinkId,
    })
    .from(instagramOauthStates)
    .leftJoin(
      instagramConnectLinks,
      eq(instagramConnectLinks.id, instagramOauthStates.connectLinkId),
    )
    .where(
      and(
        eq(instagramOauthStates.stateHash, stateHash),
        gt(instagramOauthStates.expiresAt, now),
        or(isNull(instagramOauthStates.connectLinkId), usable(now)),
      ),
    )
    .limit(1);
  return row;
}
