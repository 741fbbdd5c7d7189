import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { storedFiles } from "../schema/index.ts";

export async function insertStoredFile(
  db: Db,
  row: {
    bucket: string;
    key: string;
    workspaceId: string;
    sizeBytes: number;
    /** What the bytes were sniffed as, and an image's width and height (migration 0040). */
    contentType?: string;
    width?: number;
    height?: number;
  },
) {
  await db.insert(storedFiles).values(row);
}

/** A workspace's stored file with what its upload was found to be (null before migration 0040). */
export type StoredFileFacts = {
  bucket: string;
  key: string;
  sizeBytes: number;
  contentType: string | null;
  width: number | null;
  height: number | null;
};

/** The rows of those of `files` the workspace keeps, in one read. */
export async function listStoredFileFacts(
  db: Db,
  workspaceId: string,
  files: ReadonlyArray<{ bucket: string; key: string }>,
): Promise<StoredFileFacts[]> {
  if (files.length === 0) return [];
  const buckets = [...new Set(files.map((file) => file.bucket))];
  return db
    .select({
      bucket: storedFiles.bucket,
      key: storedFiles.key,
      sizeBytes: storedFiles.sizeBytes,
      contentType: storedFiles.contentType,
      width: storedFiles.width,
      height: storedFiles.height,
    })
    .from(storedFiles)
    .where(
      and(
        eq(storedFiles.workspaceId, workspaceId),
        or(
          ...buckets.map((bucket) =>
            and(
              eq(storedFiles.bucket, bucket),
              inArray(
                storedFiles.key,
                files.filter((file) => file.bucket === bucket).map((file) => file.key),
              ),
            ),
          ),
        ),
      ),
    );
}

/** Bytes the user's files take (the storage quota counts these). */
export async function sumStoredBytes(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${storedFiles.sizeBytes}), 0)` })
    .from(storedFiles)
    .where(eq(storedFiles.workspaceId, workspaceId));
  return Number(row?.total ?? 0);
}

export async function findStoredFileOwner(db: Db, bucket: string, key: string) {
  const [row] = await db
    .select({ workspaceId: storedFiles.workspaceId })
    .from(storedFiles)
    .where(and(eq(storedFiles.bucket, bucket), eq(storedFiles.key, key)));
  return row?.workspaceId;
}

export async function listStoredFiles(db: Db, workspaceId: string) {
  return db
    .select({ bucket: storedFiles.bucket, key: storedFiles.key })
    .from(storedFiles)
    .where(eq(storedFiles.workspaceId, workspaceId));
}

export async function deleteStoredFileRow(db: Db, bucket: string, key: string) {
  await db.delete(storedFiles).where(and(eq(storedFiles.bucket, bucket), eq(storedFiles.key, key)));
}

/** Each of the user's scheduled posts as text (the files a draft names appear in it). */
export async function listUserDraftTexts(db: Db, workspaceId: string): Promise<string[]> {
  const result = (await db.execute(
    sql`select sp::text as text from scheduled_posts sp where sp.workspace_id = ${workspaceId}`,
  )) as unknown as { rows: Array<{ text: string }> };
  return result.rows.map((row) => row.text);
}
