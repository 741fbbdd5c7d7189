import { and, desc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  apiIdempotencyKeys,
  apiRequests,
  apiUploads,
  personalAccessTokens,
  user,
  workspaceMembers,
  workspaces,
} from "../schema/index.ts";

/*
 * The public API's tokens, request log and idempotency keys (issue 35, decision 033). Every
 * query takes the workspace first, except the lookup of a presented token by its hash, which
 * is how a request finds its workspace.
 */

export type AccessTokenRow = typeof personalAccessTokens.$inferSelect;

const summaryColumns = {
  id: personalAccessTokens.id,
  userId: personalAccessTokens.userId,
  name: personalAccessTokens.name,
  prefix: personalAccessTokens.prefix,
  scopes: personalAccessTokens.scopes,
  createdAt: personalAccessTokens.createdAt,
  lastUsedAt: personalAccessTokens.lastUsedAt,
  expiresAt: personalAccessTokens.expiresAt,
  revokedAt: personalAccessTokens.revokedAt,
  ownerEmail: user.email,
};

export type AccessTokenListRow = {
  id: string;
  userId: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  ownerEmail: string;
};

/** The workspace's tokens, newest first: one member's (`userId`) or everyone's. */
export function listAccessTokens(
  db: Db,
  workspaceId: string,
  options: { userId?: string } = {},
): Promise<AccessTokenListRow[]> {
  return db
    .select(summaryColumns)
    .from(personalAccessTokens)
    .innerJoin(user, eq(user.id, personalAccessTokens.userId))
    .where(
      and(
        eq(personalAccessTokens.workspaceId, workspaceId),
        options.userId ? eq(personalAccessTokens.userId, options.userId) : undefined,
      ),
    )
    .orderBy(desc(personalAccessTokens.createdAt), desc(personalAccessTokens.id));
}

/**
 * Stores a new token unless the member already holds `limit` usable ones ("full"). The
 * membership row is locked while it counts and inserts, so two creates cannot pass the limit.
 */
export async function insertAccessToken(
  db: Db,
  workspaceId: string,
  input: {
    userId: string;
    name: string;
    prefix: string;
    tokenHash: string;
    scopes: string[];
    expiresAt: Date | null;
    createdAt: Date;
  },
  limit: number,
): Promise<AccessTokenRow | "full"> {
  return db.transaction(async (tx) => {
    await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, workspaceId),
          eq(workspaceMembers.userId, input.userId),
        ),
      )
      .for("update");
    const [count] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(personalAccessTokens)
      .where(
        and(
          eq(personalAccessTokens.workspaceId, workspaceId),
          eq(personalAccessTokens.userId, input.userId),
          isNull(personalAccessTokens.revokedAt),
          or(
            isNull(personalAccessTokens.expiresAt),
            gt(personalAccessTokens.expiresAt, input.createdAt),
          ),
        ),
      );
    if (Number(count?.n ?? 0) >= limit) return "full" as const;
    const [row] = await tx
      .insert(personalAccessTokens)
      .values({ workspaceId, ...input })
      .returning();
    return row!;
  });
}

export async function findAccessToken(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select(summaryColumns)
    .from(personalAccessTokens)
    .innerJoin(user, eq(user.id, personalAccessTokens.userId))
    .where(and(eq(personalAccessTokens.workspaceId, workspaceId), eq(personalAccessTokens.id, id)));
  return row;
}

/** Revokes a token that is not revoked yet; answers it, or undefined when there was none. */
export async function revokeAccessToken(db: Db, workspaceId: string, id: string, at: Date) {
  const [row] = await db
    .update(personalAccessTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(personalAccessTokens.workspaceId, workspaceId),
        eq(personalAccessTokens.id, id),
        isNull(personalAccessTokens.revokedAt),
      ),
    )
    .returning({ id: personalAccessTokens.id });
  return row;
}

/**
 * The token a request presents, by its hash, with its member's role now (null once they left
 * the workspace) and the workspace's plan as stored.
 */
export async function findAccessTokenByHash(db: Db, tokenHash: string) {
  const [row] = await db
    .select({
      id: personalAccessTokens.id,
      workspaceId: personalAccessTokens.workspaceId,
      userId: personalAccessTokens.userId,
      tokenHash: personalAccessTokens.tokenHash,
      scopes: personalAccessTokens.scopes,
      expiresAt: personalAccessTokens.expiresAt,
      revokedAt: personalAccessTokens.revokedAt,
      role: workspaceMembers.role,
      plan: workspaces.plan,
      planUntil: workspaces.planUntil,
      /** The token's member's address, for the audit log of what the token does. */
      userEmail: user.email,
    })
    .from(personalAccessTokens)
    .innerJoin(workspaces, eq(workspaces.id, personalAccessTokens.workspaceId))
    .leftJoin(user, eq(user.id, personalAccessTokens.userId))
    .leftJoin(
      workspaceMembers,
      and(
        eq(workspaceMembers.workspaceId, personalAccessTokens.workspaceId),
        eq(workspaceMembers.userId, personalAccessTokens.userId),
      ),
    )
    .where(eq(personalAccessTokens.tokenHash, tokenHash));
  return row;
}

/**
 * Counts one request of the token in its rate-limit window (a new window begins when the last
 * one is `windowMs` old) and sets its last use, in one statement: concurrent requests each see
 * their own count.
 */
export async function countAccessTokenRequest(
  db: Db,
  workspaceId: string,
  tokenId: string,
  at: Date,
  windowMs: number,
) {
  const windowOver = sql`(${personalAccessTokens.windowStartedAt} is null or ${personalAccessTokens.windowStartedAt} <= ${new Date(at.getTime() - windowMs)})`;
  const [row] = await db
    .update(personalAccessTokens)
    .set({
      windowStartedAt: sql`case when ${windowOver} then ${at} else ${personalAccessTokens.windowStartedAt} end`,
      windowRequests: sql`case when ${windowOver} then 1 else ${personalAccessTokens.windowRequests} + 1 end`,
      lastUsedAt: at,
    })
    .where(
      and(eq(personalAccessTokens.workspaceId, workspaceId), eq(personalAccessTokens.id, tokenId)),
    )
    .returning({
      windowStartedAt: personalAccessTokens.windowStartedAt,
      windowRequests: personalAccessTokens.windowRequests,
    });
  return row ? { startedAt: row.windowStartedAt!, requests: row.windowRequests } : undefined;
}

export async function insertApiRequest(
  db: Db,
  workspaceId: string,
  row: {
    tokenId: string;
    method: string;
    path: string;
    status: number;
    ip: string | null;
    createdAt: Date;
  },
) {
  await db.insert(apiRequests).values({ workspaceId, ...row });
}

export function listApiRequests(db: Db, workspaceId: string, tokenId: string, limit = 100) {
  return db
    .select({
      method: apiRequests.method,
      path: apiRequests.path,
      status: apiRequests.status,
      ip: apiRequests.ip,
      createdAt: apiRequests.createdAt,
    })
    .from(apiRequests)
    .where(and(eq(apiRequests.workspaceId, workspaceId), eq(apiRequests.tokenId, tokenId)))
    .orderBy(desc(apiRequests.createdAt), desc(apiRequests.id))
    .limit(limit);
}

/** Retention (every workspace at once, by the daily sweep): requests older than `before`. */
export async function pruneApiRequests(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(apiRequests)
    .where(lt(apiRequests.createdAt, before))
    .returning({ id: apiRequests.id });
  return rows.length;
}

export async function pruneIdempotencyKeys(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(apiIdempotencyKeys)
    .where(lt(apiIdempotencyKeys.createdAt, before))
    .returning({ key: apiIdempotencyKeys.key });
  return rows.length;
}

type IdempotencyScope = { workspaceId: string; tokenId: string; key: string };

export type IdempotencyClaim =
  | { claimed: true }
  | { claimed: false; requestHash: string; status: number | null; body: unknown };

/**
 * Takes an Idempotency-Key for a request (`claimed`), or answers what holds it: a request still
 * running (no status) or the first one's answer. A key older than `expiredBefore` is taken over
 * as if new. One statement, so two requests with one key cannot both claim it.
 */
export async function claimIdempotencyKey(
  db: Db,
  scope: IdempotencyScope,
  requestHash: string,
  at: Date,
  expiredBefore: Date,
): Promise<IdempotencyClaim> {
  const [claimed] = await db
    .insert(apiIdempotencyKeys)
    .values({ ...scope, requestHash, createdAt: at })
    .onConflictDoUpdate({
      target: [apiIdempotencyKeys.workspaceId, apiIdempotencyKeys.tokenId, apiIdempotencyKeys.key],
      set: { requestHash, status: null, body: null, createdAt: at },
      setWhere: lt(apiIdempotencyKeys.createdAt, expiredBefore),
    })
    .returning({ key: apiIdempotencyKeys.key });
  if (claimed) return { claimed: true };
  const [held] = await db
    .select({
      requestHash: apiIdempotencyKeys.requestHash,
      status: apiIdempotencyKeys.status,
      body: apiIdempotencyKeys.body,
    })
    .from(apiIdempotencyKeys)
    .where(idempotencyWhere(scope));
  // Deleted in between (its request failed): the caller may simply try again.
  if (!held) return claimIdempotencyKey(db, scope, requestHash, at, expiredBefore);
  return { claimed: false, ...held };
}

function idempotencyWhere(scope: IdempotencyScope) {
  return and(
    eq(apiIdempotencyKeys.workspaceId, scope.workspaceId),
    eq(apiIdempotencyKeys.tokenId, scope.tokenId),
    eq(apiIdempotencyKeys.key, scope.key),
  );
}

/** The claimed request's answer, replayed for the same key from now on. */
export async function completeIdempotencyKey(
  db: Db,
  scope: IdempotencyScope,
  status: number,
  body: unknown,
) {
  await db.update(apiIdempotencyKeys).set({ status, body }).where(idempotencyWhere(scope));
}

/** The claimed request did not succeed: the key is free for a retry. */
export async function releaseIdempotencyKey(db: Db, scope: IdempotencyScope) {
  await db.delete(apiIdempotencyKeys).where(idempotencyWhere(scope));
}

export type ApiUploadRow = typeof apiUploads.$inferSelect;

/** A file announced through the API; its bytes come later, by one PUT. */
export async function insertApiUpload(
  db: Db,
  workspaceId: string,
  row: Omit<typeof apiUploads.$inferInsert, "workspaceId" | "id" | "completedAt">,
): Promise<ApiUploadRow> {
  const [inserted] = await db
    .insert(apiUploads)
    .values({ ...row, workspaceId })
    .returning();
  return inserted!;
}

export async function findApiUpload(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(apiUploads)
    .where(and(eq(apiUploads.workspaceId, workspaceId), eq(apiUploads.id, id)));
  return row;
}

/**
 * Takes an announced upload for its bytes: only one not yet completed and not expired at `now`,
 * in one statement, so two PUTs of one upload cannot both store a file. Undefined otherwise.
 */
export async function claimApiUpload(db: Db, workspaceId: string, id: string, now: Date) {
  const [row] = await db
    .update(apiUploads)
    .set({ completedAt: now })
    .where(
      and(
        eq(apiUploads.workspaceId, workspaceId),
        eq(apiUploads.id, id),
        isNull(apiUploads.completedAt),
        gt(apiUploads.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** A PUT whose bytes were refused gives the upload back, for a corrected PUT. */
export async function releaseApiUpload(db: Db, workspaceId: string, id: string) {
  await db
    .update(apiUploads)
    .set({ completedAt: null })
    .where(and(eq(apiUploads.workspaceId, workspaceId), eq(apiUploads.id, id)));
}

/** Retention (every workspace at once, by the daily sweep): uploads that expired before `before`. */
export async function pruneApiUploads(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(apiUploads)
    .where(lt(apiUploads.expiresAt, before))
    .returning({ id: apiUploads.id });
  return rows.length;
}
