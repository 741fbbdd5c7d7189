import { eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { appSettings } from "../schema/index.ts";

export async function getAppSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, key));
  return row?.value as T | undefined;
}

/** Writes the value only when the key has none yet; returns the value that is stored. */
export async function ensureAppSetting<T>(db: Db, key: string, value: T): Promise<T> {
  await db.insert(appSettings).values({ key, value }).onConflictDoNothing();
  return (await getAppSetting<T>(db, key)) as T;
}

export async function setAppSetting<T>(db: Db, key: string, value: T): Promise<void> {
  await db
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: sql`now()` } });
}
