import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { user } from "../schema/auth.ts";
import {
  auditEvents,
  planUsage,
  type WorkspacePlan,
  type WorkspaceRoleName,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from "../schema/workspaces.ts";

/*
 * Workspaces, members, invitations and the audit log (issue 29, decision 026). Every function
 * takes the workspace it acts on; the server checks the member's role before calling.
 */

export type WorkspaceRow = typeof workspaces.$inferSelect;

/** Sets a workspace's plan (billing or the operator's command); `until` null: no end date. */
export async function setWorkspacePlan(
  db: Db,
  workspaceId: string,
  plan: WorkspacePlan,
  until: Date | null,
  at: Date,
) {
  const [row] = await db
    .update(workspaces)
    .set({ plan, planUntil: until, updatedAt: at })
    .where(eq(workspaces.id, workspaceId))
    .returning({ id: workspaces.id });
  return row !== undefined;
}

/** The name a personal workspace gets: the person's name, else their e-mail's local part. */
export function personalWorkspaceName(name: string | null | undefined, email: string) {
  const trimmed = name?.trim();
  return trimmed ? trimmed : (email.split("@")[0] ?? email);
}

/**
 * The user's personal workspace, made with its owner membership the first time (sign-up, or the
 * first request of a user made before workspaces existed). Safe to race: one wins, both read it.
 */
export async function ensurePersonalWorkspace(
  db: Db,
  input: { userId: string; name: string },
): Promise<string> {
  const [existing] = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.personalOwnerId, input.userId));
  if (existing) return existing.id;
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const [made] = await tx
      .insert(workspaces)
      .values({ id, name: input.name, personalOwnerId: input.userId, storageFolder: id })
      .onConflictDoNothing({ target: workspaces.personalOwnerId })
      .returning({ id: workspaces.id });
    if (!made) {
      const [row] = await tx
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(eq(workspaces.personalOwnerId, input.userId));
      return row!.id;
    }
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: made.id, userId: input.userId, role: "owner" })
      .onConflictDoNothing();
    return made.id;
  });
}

export type Membership = {
  workspaceId: string;
  name: string;
  role: WorkspaceRoleName;
  personal: boolean;
  /** Where the workspace's uploads go (see the schema). */
  storageFolder: string;
  lastOpenedAt: Date | null;
  /** The plan as stored, with the date it lapses (contracts' `effectivePlan` reads both). */
  plan: WorkspacePlan;
  planUntil: Date | null;
};

/** What a membership row reads, for listMemberships and findMembership alike. */
const membershipColumns = {
  workspaceId: workspaces.id,
  name: workspaces.name,
  role: workspaceMembers.role,
  personalOwnerId: workspaces.personalOwnerId,
  storageFolder: workspaces.storageFolder,
  lastOpenedAt: workspaceMembers.lastOpenedAt,
  plan: workspaces.plan,
  planUntil: workspaces.planUntil,
};

/** A membership row as `userId` sees it: personal when it is their own personal workspace. */
function toMembership(
  { personalOwnerId, ...row }: Omit<Membership, "personal"> & { personalOwnerId: string | null },
  userId: string,
): Membership {
  return { ...row, personal: personalOwnerId === userId };
}

/** The workspaces the user belongs to, the most recently opened first. */
export async function listMemberships(db: Db, userId: string): Promise<Membership[]> {
  const rows = await db
    .select(membershipColumns)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(
      sql`${workspaceMembers.lastOpenedAt} desc nulls last`,
      asc(workspaces.createdAt),
      asc(workspaces.id),
    );
  return rows.map((row) => toMembership(row, userId));
}

/** The user's role in the workspace, or undefined when they are not a member. */
export async function findMembership(
  db: Db,
  workspaceId: string,
  userId: string,
): Promise<Membership | undefined> {
  const [row] = await db
    .select(membershipColumns)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return row ? toMembership(row, userId) : undefined;
}

export async function markWorkspaceOpened(db: Db, workspaceId: string, userId: string, at: Date) {
  await db
    .update(workspaceMembers)
    .set({ lastOpenedAt: at })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
}

export async function findWorkspace(db: Db, workspaceId: string) {
  const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId));
  return row;
}

export async function renameWorkspace(db: Db, workspaceId: string, name: string, at: Date) {
  await db.update(workspaces).set({ name, updatedAt: at }).where(eq(workspaces.id, workspaceId));
}

/** Sets (or clears, with null) the workspace's logo: its key in the media bucket. */
export async function setWorkspaceLogo(
  db: Db,
  workspaceId: string,
  logoPath: string | null,
  at: Date,
) {
  await db
    .update(workspaces)
    .set({ logoPath, updatedAt: at })
    .where(eq(workspaces.id, workspaceId));
}

/** Makes a workspace with its owner (a team or client workspace beside the personal one). */
export async function createWorkspace(db: Db, input: { name: string; ownerId: string }) {
  return db.transaction(async (tx) => {
    const id = randomUUID();
    const [made] = await tx
      .insert(workspaces)
      .values({ id, name: input.name, storageFolder: id })
      .returning({ id: workspaces.id });
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId: made!.id, userId: input.ownerId, role: "owner" });
    return made!.id;
  });
}

export async function listMembers(db: Db, workspaceId: string) {
  return db
    .select({
      userId: workspaceMembers.userId,
      email: user.email,
      name: user.name,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.createdAt,
    })
    .from(workspaceMembers)
    .innerJoin(user, eq(user.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(user.email));
}

export async function countMembers(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return row?.n ?? 0;
}

export async function addMember(
  db: Db,
  input: { workspaceId: string; userId: string; role: WorkspaceRoleName; invitedBy: string | null },
) {
  const [row] = await db
    .insert(workspaceMembers)
    .values(input)
    .onConflictDoNothing()
    .returning({ userId: workspaceMembers.userId });
  return row !== undefined;
}

export async function setMemberRole(
  db: Db,
  workspaceId: string,
  userId: string,
  role: Exclude<WorkspaceRoleName, "owner">,
) {
  const [row] = await db
    .update(workspaceMembers)
    .set({ role })
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.userId, userId),
        sql`${workspaceMembers.role} <> 'owner'`,
      ),
    )
    .returning({ userId: workspaceMembers.userId });
  return row !== undefined;
}

export async function removeMember(db: Db, workspaceId: string, userId: string) {
  const [row] = await db
    .delete(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, workspaceId),
        eq(workspaceMembers.userId, userId),
        sql`${workspaceMembers.role} <> 'owner'`,
      ),
    )
    .returning({ userId: workspaceMembers.userId });
  return row !== undefined;
}

/**
 * Hands the workspace to another member: the owner becomes an admin and the member the owner, in
 * one transaction (there is exactly one owner before and after).
 */
export async function transferOwnership(
  db: Db,
  input: { workspaceId: string; fromUserId: string; toUserId: string },
) {
  return db.transaction(async (tx) => {
    const [demoted] = await tx
      .update(workspaceMembers)
      .set({ role: "admin" })
      .where(
        and(
          eq(workspaceMembers.workspaceId, input.workspaceId),
          eq(workspaceMembers.userId, input.fromUserId),
          eq(workspaceMembers.role, "owner"),
        ),
      )
      .returning({ userId: workspaceMembers.userId });
    if (!demoted) return false;
    const [promoted] = await tx
      .update(workspaceMembers)
      .set({ role: "owner" })
      .where(
        and(
          eq(workspaceMembers.workspaceId, input.workspaceId),
          eq(workspaceMembers.userId, input.toUserId),
        ),
      )
      .returning({ userId: workspaceMembers.userId });
    if (!promoted) throw new Error("transferOwnership: the new owner is not a member");
    return true;
  });
}

export async function insertInvitation(db: Db, row: typeof workspaceInvitations.$inferInsert) {
  const [saved] = await db.insert(workspaceInvitations).values(row).returning();
  return saved!;
}

/** Invitations not accepted, revoked or expired. */
export async function listPendingInvitations(db: Db, workspaceId: string, now: Date) {
  return db
    .select({
      id: workspaceInvitations.id,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      createdAt: workspaceInvitations.createdAt,
      expiresAt: workspaceInvitations.expiresAt,
    })
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
        gt(workspaceInvitations.expiresAt, now),
      ),
    )
    .orderBy(desc(workspaceInvitations.createdAt));
}

export async function findInvitationByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: workspaceInvitations.id,
      workspaceId: workspaceInvitations.workspaceId,
      workspaceName: workspaces.name,
      email: workspaceInvitations.email,
      role: workspaceInvitations.role,
      invitedBy: workspaceInvitations.invitedBy,
      expiresAt: workspaceInvitations.expiresAt,
      acceptedAt: workspaceInvitations.acceptedAt,
      revokedAt: workspaceInvitations.revokedAt,
    })
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .where(eq(workspaceInvitations.tokenHash, tokenHash));
  return row;
}

/** Marks the invitation used: true once, false for a second (or concurrent) use. */
export async function markInvitationAccepted(db: Db, id: string, at: Date) {
  const [row] = await db
    .update(workspaceInvitations)
    .set({ acceptedAt: at })
    .where(
      and(
        eq(workspaceInvitations.id, id),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
        gt(workspaceInvitations.expiresAt, at),
      ),
    )
    .returning({ id: workspaceInvitations.id });
  return row !== undefined;
}

export async function revokeInvitation(db: Db, workspaceId: string, id: string, at: Date) {
  const [row] = await db
    .update(workspaceInvitations)
    .set({ revokedAt: at })
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        eq(workspaceInvitations.id, id),
        isNull(workspaceInvitations.acceptedAt),
        isNull(workspaceInvitations.revokedAt),
      ),
    )
    .returning({ id: workspaceInvitations.id });
  return row !== undefined;
}

export type AuditEventInput = {
  workspaceId: string;
  actorUserId: string | null;
  actorEmail: string | null;
  action: string;
  accountId?: string | null;
  target?: string | null;
  details?: Record<string, unknown>;
};

export async function insertAuditEvent(db: Db, event: AuditEventInput) {
  await db.insert(auditEvents).values({
    workspaceId: event.workspaceId,
    actorUserId: event.actorUserId,
    actorEmail: event.actorEmail,
    action: event.action,
    accountId: event.accountId ?? null,
    target: event.target ?? null,
    details: event.details ?? {},
  });
}

/** The workspace's audit log, newest first, keyset-paged by id; `action` filters by prefix. */
export async function listAuditEvents(
  db: Db,
  input: { workspaceId: string; beforeId?: number; action?: string; limit: number },
) {
  return db
    .select({
      id: auditEvents.id,
      actorEmail: auditEvents.actorEmail,
      action: auditEvents.action,
      accountId: auditEvents.accountId,
      target: auditEvents.target,
      details: auditEvents.details,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.workspaceId, input.workspaceId),
        input.beforeId === undefined ? undefined : lt(auditEvents.id, input.beforeId),
        input.action === undefined
          ? undefined
          : sql`${auditEvents.action} like ${`${input.action.replace(/[%_\\]/g, "\\$&")}%`}`,
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(input.limit);
}

/** Drops audit events older than `before` (the retention sweep). */
export async function pruneAuditEvents(db: Db, before: Date) {
  const rows = await db
    .delete(auditEvents)
    .where(lt(auditEvents.createdAt, before))
    .returning({ id: auditEvents.id });
  return rows.length;
}

/** The folder a workspace's uploads live in (it never changes once the workspace exists). */
export async function findWorkspaceStorageFolder(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ storageFolder: workspaces.storageFolder })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.storageFolder;
}

/**
 * Takes one of `capability` for `month` when fewer than `limit` are used (one statement: two
 * requests at once cannot both take the last one). Answers whether it was taken.
 */
export async function takePlanUsage(
  db: Db,
  input: { workspaceId: string; month: string; capability: string; limit: number },
): Promise<boolean> {
  if (input.limit <= 0) return false;
  const rows = await db
    .insert(planUsage)
    .values({
      workspaceId: input.workspaceId,
      month: input.month,
      capability: input.capability,
      used: 1,
    })
    .onConflictDoUpdate({
      target: [planUsage.workspaceId, planUsage.month, planUsage.capability],
      set: { used: sql`${planUsage.used} + 1` },
      setWhere: sql`${planUsage.used} < ${input.limit}`,
    })
    .returning({ used: planUsage.used });
  return rows.length > 0;
}

/** Gives back one taken by `takePlanUsage` (the work it paid for did not happen). */
export async function givePlanUsageBack(
  db: Db,
  input: { workspaceId: string; month: string; capability: string },
) {
  await db
    .update(planUsage)
    .set({ used: sql`greatest(${planUsage.used} - 1, 0)` })
    .where(
      and(
        eq(planUsage.workspaceId, input.workspaceId),
        eq(planUsage.month, input.month),
        eq(planUsage.capability, input.capability),
      ),
    );
}

/** How many of each monthly allowance the workspace used in `month`. */
export async function listPlanUsage(db: Db, workspaceId: string, month: string) {
  const rows = await db
    .select({ capability: planUsage.capability, used: planUsage.used })
    .from(planUsage)
    .where(and(eq(planUsage.workspaceId, workspaceId), eq(planUsage.month, month)));
  return Object.fromEntries(rows.map((row) => [row.capability, row.used])) as Record<
    string,
    number
  >;
}
