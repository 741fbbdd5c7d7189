import { desc, eq } from "drizzle-orm";
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

/** One message's attachment by its position, or undefined. */
export async function findDevMailboxAttachment(db: Db, id: string, index: number) {
  const [row] = await db
    .select({ attachments: devMailboxMessages.attachments })
    .from(devMailboxMessages)
    .where(eq(devMailboxMessages.id, id))
    .limit(1);
  return row?.attachments[index];
}
