import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { profiles } from "../schema/index.ts";

export async function getProfileForUser(db: Db, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}
