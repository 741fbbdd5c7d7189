import { type Db, findWorkspaceStorageFolder } from "@sightline/db";

/*
 * A workspace's upload folder never changes once it exists, so it is kept per process after the
 * first read (safe on any number of instances: there is nothing to invalidate).
 */
const folders = new Map<string, string>();
const MAX_CACHED = 10_000;

/** The folder a workspace's uploads live in (keys `<folder>/…`). */
export async function workspaceStorageFolder(db: Db, workspaceId: string): Promise<string> {
  const cached = folders.get(workspaceId);
  if (cached) return cached;
  const folder = await findWorkspaceStorageFolder(db, workspaceId);
  // A workspace that does not exist owns no folder: a key can never match this.
  if (!folder) return `\0missing:${workspaceId}`;
  if (folders.size >= MAX_CACHED) folders.clear();
  folders.set(workspaceId, folder);
  return folder;
}
