import { and, desc, eq, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { instagramConnections, profiles, user, workspaceMembers } from "../schema/index.ts";

export async function getProfileForUser(db: Db, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

/** The address the user signs in with (the one e-mail goes to). */
export async function getUserEmail(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email;
}

/**
 * The person a workspace's Instagram connection answers to (decision 026): the member who
 * connected it while they are still a member, else the workspace's owner. Their address gets
 * the connection's e-mails (reconnect), and their time zone is the calendar the sync reads
 * "yesterday" on. Undefined for a workspace with neither.
 */
export async function getConnectionContact(
  db: Db,
  workspaceId: string,
  /** The account whose connecting member is asked for (any account's when not given). */
  instagramId?: string,
): Promise<{ userId: string; email: string; timeZone: string | null } | undefined> {
  const connector = sql<boolean>`${workspaceMembers.userId} = ${instagramConnections.connectedByUserId}`;
  const [row] = await db
    .select({ userId: user.id, email: user.email, timeZone: profiles.timeZone })
    .from(workspaceMembers)
    .innerJoin(user, eq(user.id, workspaceMembers.userId))
    .leftJoin(profiles, eq(profiles.userId, workspaceMembers.userId))
    .leftJoin(
      instagramConnections,
      and(
        eq(instagramConnections.workspaceId, workspaceMembers.workspaceId),
        instagramId === undefined ? undefined : eq(instagramConnections.instagramId, instagramId),
      ),
    )
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        or(eq(workspaceMembers.role, "owner"), connector),
      ),
    )
    .orderBy(desc(sql`coalesce(${connector}, false)`))
    .limit(1);
  return row;
}
