import { randomInt } from "node:crypto";
import {
  type Db,
  deleteEverythingOwnedByUser,
  findDataDeletionRequestByCode,
  insertDataDeletionRequest,
  insertDataDeletionRequestOnce,
} from "@sightline/db";
import type { Mailer } from "./mail/mailer.ts";
import { accountDeletedMessage } from "./mail/templates.ts";

const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function newConfirmationCode(): string {
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

export interface DataDeletionDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /**
   * HOOK POINT for the Instagram connection issue: revoke the user's Instagram access (Meta's
   * permission revoke and the stored tokens) before their rows go. Called once per user, inside
   * the one deletion path below; until connections exist there is nothing to revoke.
   */
  revokeInstagramAccess?: (userId: string) => Promise<void>;
  /**
   * HOOK POINT for the Instagram connection issue: the Sightline users connected to the Meta
   * user a data-deletion callback names. Until connections are stored, no user is linked to one.
   */
  findUserIdsForMetaUser?: (metaUserId: string) => Promise<string[]>;
}

/**
 * THE one account-deletion path, shared by Settings → Delete account, the /data-deletion page and
 * Meta's data-deletion callback: revoke Instagram access, delete every row the user owns (every
 * user-owned table, found from the schema) which ends every session, record the request under a
 * confirmation code, and confirm by e-mail. Returns the counts per table.
 */
export async function deleteUserAccount(deps: DataDeletionDeps, userId: string) {
  await deps.revokeInstagramAccess?.(userId);
  return deleteEverythingOwnedByUser(deps.db, userId);
}

function statusUrl(publicUrl: string, code: string) {
  return `${publicUrl.replace(/\/$/, "")}/data-deletion?code=${code}`;
}

/** Settings → Delete account: the user asked in the app (their e-mail typed to confirm). */
export async function deleteAccountRequestedByUser(
  deps: DataDeletionDeps,
  input: { userId: string; email: string },
) {
  const deleted = await deleteUserAccount(deps, input.userId);
  const request = await insertDataDeletionRequest(deps.db, {
    confirmationCode: newConfirmationCode(),
    source: "account",
    status: "completed",
    deleted,
    completedAt: new Date(),
  });
  const url = statusUrl(deps.publicUrl, request.confirmationCode);
  await deps.mailer.sendEmail(accountDeletedMessage(input.email, request.confirmationCode, url));
  return { confirmationCode: request.confirmationCode, statusUrl: url, deleted };
}

/**
 * Meta's data-deletion callback: deletes, through the same path, every Sightline account
 * connected to the Meta user it names, and records the request under a confirmation code the
 * user can look up. No e-mail: Meta shows the status link to the person. `signedRequestHash`
 * identifies Meta's request: the same one again deletes nothing more and returns the first record.
 */
export async function deleteDataForMetaUser(
  deps: DataDeletionDeps,
  metaUserId: string,
  signedRequestHash: string,
) {
  const deleted: Record<string, number> = {};
  const userIds = (await deps.findUserIdsForMetaUser?.(metaUserId)) ?? [];
  for (const userId of userIds) {
    const counts = await deleteUserAccount(deps, userId);
    for (const [table, count] of Object.entries(counts)) {
      deleted[table] = (deleted[table] ?? 0) + count;
    }
  }
  return insertDataDeletionRequestOnce(deps.db, {
    signedRequestHash,
    confirmationCode: newConfirmationCode(),
    source: "meta_callback",
    metaUserId,
    status: "completed",
    deleted,
    completedAt: new Date(),
  });
}

export async function findDeletionRequest(db: Db, confirmationCode: string) {
  return findDataDeletionRequestByCode(db, confirmationCode.trim().toUpperCase());
}
