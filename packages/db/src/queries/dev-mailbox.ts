import { desc } from "drizzle-orm";
import type { Db } from "../client.ts";
import { devMailboxMessages } from "../schema/index.ts";

export async function insertDevMailboxMessage(
  db: Db,
  values: typeof devMailboxMessages.$inferInsert,
) {
  await db.insert(devMailboxMessages).values(values);
}

/** Newest first. */
export async function listDevMailboxMessages(db: Db, limit = 200) {
  return db.select().from(devMailboxMessages).orderBy(desc(devMailboxMessages.sentAt)).limit(limit);
}
