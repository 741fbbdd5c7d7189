import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { dataDeletionRequests } from "../schema/index.ts";

export async function insertDataDeletionRequest(
  db: Db,
  values: typeof dataDeletionRequests.$inferInsert,
) {
  const [row] = await db.insert(dataDeletionRequests).values(values).returning();
  return row!;
}

export async function findDataDeletionRequestByCode(db: Db, confirmationCode: string) {
  const [row] = await db
    .select()
    .from(dataDeletionRequests)
    .where(eq(dataDeletionRequests.confirmationCode, confirmationCode));
  return row;
}

export async function findDataDeletionRequestBySignedRequestHash(db: Db, hash: string) {
  const [row] = await db
    .select()
    .from(dataDeletionRequests)
    .where(eq(dataDeletionRequests.signedRequestHash, hash));
  return row;
}

/** Inserts unless a request with the same signed_request hash exists; returns the stored row. */
export async function insertDataDeletionRequestOnce(
  db: Db,
  values: typeof dataDeletionRequests.$inferInsert & { signedRequestHash: string },
) {
  const [row] = await db
    .insert(dataDeletionRequests)
    .values(values)
    .onConflictDoNothing({ target: dataDeletionRequests.signedRequestHash })
    .returning();
  return row ?? (await findDataDeletionRequestBySignedRequestHash(db, values.signedRequestHash))!;
}
