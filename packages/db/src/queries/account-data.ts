import { and, eq, getTableColumns, getTableName, inArray, isTable, like, sql } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import * as schema from "../schema/index.ts";
import { deleteWebhookEventsOfUnconnectedAccounts } from "./instagram-webhooks.ts";

/**
 * A table that holds rows owned by one user (`owner: "user"`, a `user_id` column or the auth
 * `user` table's own id) or by one workspace (`owner: "workspace"`, a `workspace_id` column or
 * the `workspaces` table's own id).
 */
export interface UserOwnedTable {
  name: string;
  table: PgTable;
  ownerColumn: PgColumn;
  owner: "user" | "workspace";
}

/**
 * Every table whose rows belong to a user or to a workspace, found from the schema itself, so a
 * table added later is exported and deleted without a second list to keep in step. A user's
 * export and deletion cover their own rows and the rows of the workspaces they own (decision 026).
 */
export function listUserOwnedTables(): UserOwnedTable[] {
  const tables: UserOwnedTable[] = [];
  for (const candidate of Object.values(schema)) {
    if (!isTable(candidate)) continue;
    const table = candidate as PgTable;
    const name = getTableName(table);
    const columns = getTableConfig(table).columns;
    const byName = (column: string) => columns.find((c) => c.name === column);
    if (name === "user") tables.push({ name, table, ownerColumn: byName("id")!, owner: "user" });
    else if (name === "workspaces")
      tables.push({ name, table, ownerColumn: byName("id")!, owner: "workspace" });
    else if (byName("workspace_id"))
      tables.push({ name, table, ownerColumn: byName("workspace_id")!, owner: "workspace" });
    else if (byName("user_id"))
      tables.push({ name, table, ownerColumn: byName("user_id")!, owner: "user" });
  }
  return tables.sort((a, b) => a.name.localeCompare(b.name));
}

/** The workspaces `userId` owns (their personal one and any they made or were handed). */
export async function listOwnedWorkspaces(db: Db, userId: string) {
  return db
    .select({
      id: schema.workspaces.id,
      name: schema.workspaces.name,
      storageFolder: schema.workspaces.storageFolder,
      members: sql<number>`(select count(*)::int from ${schema.workspaceMembers} m where m.workspace_id = ${schema.workspaces.id})`,
    })
    .from(schema.workspaceMembers)
    .innerJoin(schema.workspaces, eq(schema.workspaces.id, schema.workspaceMembers.workspaceId))
    .where(
      and(eq(schema.workspaceMembers.userId, userId), eq(schema.workspaceMembers.role, "owner")),
    );
}

export async function listOwnedWorkspaceIds(db: Db, userId: string): Promise<string[]> {
  return (await listOwnedWorkspaces(db, userId)).map((row) => row.id);
}

/** Columns never written into an export: credentials, secrets and the export files themselves. */
const secretColumns = new Set([
  "token",
  "password",
  "access_token",
  "facebook_user_token",
  "state_hash",
  "token_hash",
  "refresh_token",
  "id_token",
  "secret",
  "backup_codes",
  "public_key",
  "file",
]);

/** Tables left out of an export: the export requests themselves. */
const notExported = new Set(["data_exports", "instagram_oauth_states"]);

export function listExportedTables(): UserOwnedTable[] {
  return listUserOwnedTables().filter((table) => !notExported.has(table.name));
}

/**
 * One table's rows for one user (their own rows, or the rows of `workspaceIds`, the workspaces
 * they own), with credentials left out, keyed by database column name.
 */
export async function selectUserRowsForExport(
  db: Db,
  owned: UserOwnedTable,
  userId: string,
  workspaceIds: string[],
) {
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(owned.table)).filter(
      ([, column]) => !secretColumns.has(column.name),
    ),
  );
  const names = Object.fromEntries(
    Object.entries(getTableColumns(owned.table)).map(([key, column]) => [key, column.name]),
  );
  if (owned.owner === "workspace" && workspaceIds.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(owned.table)
    .where(
      owned.owner === "user"
        ? eq(owned.ownerColumn, userId)
        : inArray(owned.ownerColumn, workspaceIds),
    );
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [names[key] ?? key, value])),
  );
}

/**
 * Deletes every row a user owns, in every user-owned table, and the workspaces they own with all
 * their rows, then the user; in one transaction. The caller has made sure no other member is
 * left in a workspace that goes (transfer it first).
 * Returns how many rows went from each table (for the deletion record; no personal data).
 */
export async function deleteEverythingOwnedByUser(db: Db, userId: string) {
  const deleted: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const workspaceIds = await listOwnedWorkspaceIds(tx as unknown as Db, userId);
    const accounts =
      workspaceIds.length === 0
        ? []
        : await tx
            .select({ instagramId: schema.instagramConnections.instagramId })
            .from(schema.instagramConnections)
            .where(inArray(schema.instagramConnections.workspaceId, workspaceIds));
    // Workspace rows first (the workspaces table last of them), then the user's own rows.
    const ordered = listUserOwnedTables().sort(
      (a, b) =>
        Number(a.owner === "user") - Number(b.owner === "user") ||
        Number(a.name === "workspaces") - Number(b.name === "workspaces"),
    );
    for (const owned of ordered) {
      if (owned.name === "user") continue;
      if (owned.owner === "workspace" && workspaceIds.length === 0) continue;
      const rows = await tx
        .delete(owned.table)
        .where(
          owned.owner === "user"
            ? eq(owned.ownerColumn, userId)
            : inArray(owned.ownerColumn, workspaceIds),
        )
        .returning({ owner: owned.ownerColumn });
      if (rows.length > 0) deleted[owned.name] = rows.length;
    }
    const users = await tx
      .delete(schema.user)
      .where(eq(schema.user.id, userId))
      .returning({ id: schema.user.id });
    deleted.user = users.length;
    // Per-user limits (services/user-limits.ts) are keyed `user:<kind>:<user id>`.
    await tx
      .delete(schema.rateLimitEvents)
      .where(like(schema.rateLimitEvents.key, `user:%:${userId}`));
    // Webhook bodies carry no user id: the ones naming the user's accounts (if nobody else is
    // connected to them) go too.
    const events = await deleteWebhookEventsOfUnconnectedAccounts(
      tx,
      accounts.map((account) => account.instagramId),
    );
    if (events > 0) deleted.instagram_webhook_events = events;
  });
  return deleted;
}
