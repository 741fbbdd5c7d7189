import { randomBytes } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Db, instagramConnections } from "@sightline/db";
import { and, eq } from "drizzle-orm";
import { instagramTokenContext, openInstagramToken, type TokenVault } from "./token-vault.ts";

/** Which columns hold sealed tokens, and the context each was sealed with. */
const sealedColumns = ["accessToken", "facebookUserToken"] as const;

function sealedFor(vault: TokenVault, sealed: string, context: string) {
  try {
    vault.decrypt(sealed, context);
    return true;
  } catch {
    return false;
  }
}

/**
 * Re-seals every stored Instagram token under the vault's current (first) key and
 * bound to its workspace (a token sealed for its user before migration 0019 moves over too). A row changed
 * meanwhile (a refresh, a reconnect) is left as the newer write made it. Idempotent.
 */
export async function reencryptTokens(db: Db, vault: TokenVault) {
  let checked = 0;
  let reencrypted = 0;
  const rows = await db.select().from(instagramConnections);
  for (const row of rows) {
    for (const column of sealedColumns) {
      const sealed = row[column];
      if (!sealed) continue;
      checked++;
      const context = instagramTokenContext(row.workspaceId);
      if (!vault.isStale(sealed) && sealedFor(vault, sealed, context)) continue;
      const fresh = vault.encrypt(openInstagramToken(vault, row, sealed), context);
      const updated = await db
        .update(instagramConnections)
        .set({ [column]: fresh })
        .where(and(eq(instagramConnections.id, row.id), eq(instagramConnections[column], sealed)))
        .returning({ id: instagramConnections.id });
      reencrypted += updated.length;
    }
  }
  return { checked, reencrypted };
}

/**
 * Embedded default: puts a new key first in DATA_DIR/encryption-keys.json (older keys stay, so
 * existing tokens still open until they are re-encrypted). Written to a temp file and renamed.
 */
export function addEmbeddedKey(dataDir: string): string {
  const file = path.join(dataDir, "encryption-keys.json");
  const current = JSON.parse(readFileSync(file, "utf8")) as { keys: string[] };
  const id = `k${Date.now().toString(36)}`;
  const next = { keys: [`${id}:${randomBytes(32).toString("base64")}`, ...current.keys] };
  const temp = `${file}.tmp`;
  writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
  renameSync(temp, file);
  return id;
}
