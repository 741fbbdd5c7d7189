import { eq, getTableColumns, getTableName, isTable, like } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import * as schema from "../schema/index.ts";
import { deleteWebhookEventsOfUnconnectedAccounts } from "./instagram-webhooks.ts";

/** A table that holds rows owned by one user, and the column that names the owner. */
export interface UserOwnedTable {
  name: string;
  table: PgTable;
  ownerColumn: PgColumn;
}

/**
 * Every table whose rows belong to a user, found from the schema itself (a column `user_id`, or
 * the auth `user` table's own id), so a table added later is exported and deleted without a
 * second list to keep in step.
 */
export function listUserOwnedTables(): UserOwnedTable[] {
  const tables: UserOwnedTable[] = [];
  for (const candidate of Object.values(schema)) {
    if (!isTable(candidate)) continue;
    const table = candidate as PgTable;
    const name = getTableName(table);
    const columns = getTableConfig(table).columns;
    const owner =
      name === "user"
        ? columns.find((column) => column.name === "id")
        : columns.find((column) => column.name === "user_id");
    if (owner) tables.push({ name, table, ownerColumn: owner });
  }
  return tables.sort((a, b) => a.name.localeCompare(b.name));
}

/** Columns never written into an export: credentials, secrets and the export files themselves. */
const secretColumns = new Set([
  "token",
  "password",
  "access_token",
  "facebook_user_token",
  "state_hash",
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

/** One table's rows for one user, with credentials left out, keyed by database column name. */
export async function selectUserRowsForExport(db: Db, owned: UserOwnedTable, userId: string) {
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(owned.table)).filter(
      ([, column]) => !secretColumns.has(column.name),
    ),
  );
  const names = Object.fromEntries(
    Object.entries(getTableColumns(owned.table)).map(([key, column]) => [key, column.name]),
  );
  const rows = await db.select(columns).from(owned.table).where(eq(owned.ownerColumn, userId));
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [names[key] ?? key, value])),
  );
}

/**
 * Deletes every row a user owns, in every user-owned table, then the user; in one transaction.
 * Returns how many rows went from each table (for the deletion record; no personal data).
 */
export async function deleteEverythingOwnedByUser(db: Db, userId: string) {
  const deleted: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const accounts = await tx
      .select({ instagramId: schema.instagramConnections.instagramId })
      .from(schema.instagramConnections)
      .where(eq(schema.instagramConnections.userId, userId));
    for (const owned of listUserOwnedTables()) {
      if (owned.name === "user") continue;
      const rows = await tx
        .delete(owned.table)
        .where(eq(owned.ownerColumn, userId))
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
