import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { profiles, user } from "../schema/index.ts";

export async function getProfileForUser(db: Db, userId: string) {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

/** The address the user signs in with (the one e-mail goes to). */
export async function getUserEmail(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  return row?.email;
}
