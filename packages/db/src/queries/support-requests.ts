import { and, count, eq, gt } from "drizzle-orm";
import type { Db } from "../client.ts";
import { supportRequests } from "../schema/index.ts";

export async function countSupportRequestsSince(db: Db, ipHash: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(supportRequests)
    .where(and(eq(supportRequests.ipHash, ipHash), gt(supportRequests.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertSupportRequest(db: Db, values: typeof supportRequests.$inferInsert) {
  const [row] = await db
    .insert(supportRequests)
    .values(values)
    .returning({ id: supportRequests.id, createdAt: supportRequests.createdAt });
  return row!;
}
