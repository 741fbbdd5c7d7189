import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Db } from "../client.ts";
import { account, dataExports, passkey, profiles, session, user } from "../schema/index.ts";

export async function getAccountOverviewForUser(db: Db, userId: string) {
  const [row] = await db
    .select({
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      phoneNumber: user.phoneNumber,
      phoneNumberVerified: user.phoneNumberVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      timeZone: profiles.timeZone,
      language: profiles.language,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) return undefined;
  const identities = await db
    .select({ id: account.id, providerId: account.providerId, createdAt: account.createdAt })
    .from(account)
    .where(eq(account.userId, userId))
    .orderBy(account.createdAt);
  const passkeys = await db
    .select({
      id: passkey.id,
      name: passkey.name,
      deviceType: passkey.deviceType,
      createdAt: passkey.createdAt,
    })
    .from(passkey)
    .where(eq(passkey.userId, userId))
    .orderBy(passkey.createdAt);
  return { ...row, identities, passkeys };
}

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  timeZone: string;
  language: string;
}

/** The profile form: names on the auth user (display name) and the profile, zone and language. */
export async function updateProfileForUser(db: Db, userId: string, values: ProfileUpdate) {
  const name = [values.firstName, values.lastName].filter(Boolean).join(" ");
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(user)
      .set({
        firstName: values.firstName || null,
        lastName: values.lastName || null,
        ...(name ? { name } : {}),
        updatedAt: new Date(),
      })
      .where(eq(user.id, userId))
      .returning({ email: user.email });
    if (!updated) return undefined;
    const profile = {
      email: updated.email,
      firstName: values.firstName || null,
      lastName: values.lastName || null,
      timeZone: values.timeZone,
      language: values.language,
      updatedAt: new Date(),
    };
    await tx
      .insert(profiles)
      .values({ userId, ...profile })
      .onConflictDoUpdate({ target: profiles.userId, set: profile });
    return profile;
  });
}

/** The user's live sessions, newest activity first; never the session tokens. */
export async function listActiveSessionsForUser(db: Db, userId: string, now: Date) {
  return db
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      aal: session.aal,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt));
}

export async function deleteSessionForUser(db: Db, userId: string, sessionId: string) {
  const rows = await db
    .delete(session)
    .where(and(eq(session.userId, userId), eq(session.id, sessionId)))
    .returning({ id: session.id });
  return rows.length;
}

const exportSummary = {
  id: dataExports.id,
  status: dataExports.status,
  progress: dataExports.progress,
  fileName: dataExports.fileName,
  sizeBytes: dataExports.sizeBytes,
  error: dataExports.error,
  createdAt: dataExports.createdAt,
  completedAt: dataExports.completedAt,
  expiresAt: dataExports.expiresAt,
};

export async function insertDataExport(db: Db, userId: string) {
  const [row] = await db
    .insert(dataExports)
    .values({ userId, status: "pending", progress: 0 })
    .returning(exportSummary);
  return row!;
}

export async function getLatestDataExportForUser(db: Db, userId: string) {
  const [row] = await db
    .select(exportSummary)
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt))
    .limit(1);
  return row;
}

export async function updateDataExport(
  db: Db,
  exportId: string,
  values: Partial<typeof dataExports.$inferInsert>,
) {
  await db.update(dataExports).set(values).where(eq(dataExports.id, exportId));
}

export async function getDataExportFileForUser(db: Db, userId: string, exportId: string) {
  const [row] = await db
    .select({
      status: dataExports.status,
      fileName: dataExports.fileName,
      file: dataExports.file,
      expiresAt: dataExports.expiresAt,
    })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), eq(dataExports.id, exportId)));
  return row;
}

/** Older finished exports are dropped when a new one is asked for: one file per user at most. */
export async function deleteDataExportsForUserExcept(db: Db, userId: string, keepId: string) {
  await db
    .delete(dataExports)
    .where(and(eq(dataExports.userId, userId), ne(dataExports.id, keepId)));
}

export async function findUserEmailById(db: Db, userId: string) {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email;
}

/** The user's password hash (their credential account), if they have one. */
export async function findPasswordHash(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return row?.password ?? undefined;
}

export async function findSessionCreatedAt(db: Db, sessionId: string, userId: string) {
  const [row] = await db
    .select({ createdAt: session.createdAt })
    .from(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)));
  return row?.createdAt;
}
