import { type Db, deleteStoredFileRow, listStoredFiles, listUserDraftTexts } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import { type Bucket, isBucket, type Storage } from "../../platform/storage.ts";

/** The buckets whose keys start with the workspace's folder (covers do not: stored_files knows). */
const userFolderBuckets = ["instagram-media", "scheduled-content"] as const;

/**
 * The files of the workspaces a deleted user owned, read before their rows go (stored_files goes
 * with them), and removed after: every recorded upload plus their folders in both buckets (files uploaded
 * before uploads were recorded). Links handed out earlier then find nothing. A file that cannot
 * be removed is logged and the rest go on.
 */
export async function prepareUserFilesRemoval(
  deps: { db: Db; storage: Storage; logger: Logger },
  workspaces: ReadonlyArray<{ id: string; storageFolder: string }>,
): Promise<() => Promise<void>> {
  const files: Awaited<ReturnType<typeof listStoredFiles>> = [];
  for (const workspace of workspaces) files.push(...(await listStoredFiles(deps.db, workspace.id)));
  return async () => {
    for (const file of files) {
      if (!isBucket(file.bucket)) continue;
      await removeQuietly(deps, () => deps.storage.delete(file.bucket as Bucket, file.key));
    }
    for (const workspace of workspaces) {
      for (const bucket of userFolderBuckets) {
        await removeQuietly(deps, () => deps.storage.deleteFolder(bucket, workspace.storageFolder));
      }
    }
  };
}

/**
 * Disconnect and Meta's data-deletion callback keep the Sightline account and its drafts: the
 * user's uploads that no draft (scheduled post) names any more (images sent in DMs, whose
 * messages just went, and abandoned uploads) are removed; a draft's files stay with it.
 */
export async function removeFilesNoDraftUses(
  deps: { db: Db; storage: Storage; logger: Logger },
  workspaceId: string,
): Promise<number> {
  const drafts = await listUserDraftTexts(deps.db, workspaceId);
  let removed = 0;
  for (const file of await listStoredFiles(deps.db, workspaceId)) {
    if (!isBucket(file.bucket) || drafts.some((text) => text.includes(file.key))) continue;
    const ok = await removeQuietly(deps, () =>
      deps.storage.delete(file.bucket as Bucket, file.key),
    );
    if (ok) {
      await deleteStoredFileRow(deps.db, file.bucket, file.key);
      removed += 1;
    }
  }
  return removed;
}

async function removeQuietly(deps: { logger: Logger }, remove: () => Promise<void>) {
  try {
    await remove();
    return true;
  } catch (error) {
    deps.logger.error({ err: error }, "could not remove a stored file of a deleted account");
    return false;
  }
}
