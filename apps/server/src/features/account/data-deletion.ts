import { randomInt } from "node:crypto";
import {
  type ConnectionKey,
  type Db,
  deleteEverythingOwnedByUser,
  findDataDeletionRequestByCode,
  insertDataDeletionRequest,
  insertDataDeletionRequestOnce,
  listOwnedWorkspaces,
} from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { accountDeletedMessage } from "../../platform/mail/templates.ts";
import type { Storage } from "../../platform/storage.ts";
import { prepareUserFilesRemoval } from "../uploads/index.ts";

const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function newConfirmationCode(): string {
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

export interface DataDeletionDeps {
  db: Db;
  mailer: Mailer;
  /** Where the user's uploads are: they go with the account. */
  storage: Storage;
  logger: Logger;
  publicUrl: string;
  /**
   * Revokes Instagram access at Meta before the rows go: one account of a workspace, or without
   * `instagramId` every account the workspace connected (called once per workspace the user
   * owns, inside the one deletion path below).
   */
  revokeInstagramAccess?: (workspaceId: string, instagramId?: string) => Promise<void>;
  /** The connections of the Meta user a data-deletion callback names, in every workspace. */
  findConnectionsForMetaUser?: (metaUserId: string) => Promise<ConnectionKey[]>;
  /**
   * Deletes one account's connection in a workspace and everything obtained from Instagram for
   * it (Meta's data-deletion callback asks for exactly that data, not for the Sightline account,
   * nor for the workspace's other accounts).
   */
  deleteInstagramData?: (key: ConnectionKey) => Promise<Record<string, number>>;
  /**
   * The Instagram sandbox (embedded default, demo deployments): drops the user's private copy of
   * the demo accounts (decision 015), which holds what they sent and published through it. A
   * shared sandbox is told over HTTP (decision 032); a failure there is logged, never undoes the
   * deletion (the copy holds only demo data, and goes with the sandbox's next reset).
   */
  forgetSandboxCopy?: (userId: string) => Promise<void> | void;
  /**
   * Ends a workspace's paid subscription at the billing provider before the workspace goes, so
   * a deleted account is never charged again (throws when it could not: nothing is deleted).
   */
  cancelBilling?: (workspaceId: string) => Promise<void>;
}

/**
 * THE one account-deletion path, shared by Settings → Delete account, the /data-deletion page and
 * Meta's data-deletion callback: revoke Instagram access, delete every row the user owns (every
 * user-owned table, found from the schema) which ends every session, and the webhook bodies naming
 * the user's accounts, then the user's files in storage (folders and recorded uploads), record
 * the request under a confirmation code, and confirm by e-mail. Returns the counts per table.
 */
export async function deleteUserAccount(deps: DataDeletionDeps, userId: string) {
  const owned = await listOwnedWorkspaces(deps.db, userId);
  for (const workspace of owned) await deps.cancelBilling?.(workspace.id);
  for (const workspace of owned) await deps.revokeInstagramAccess?.(workspace.id);
  const removeFiles = await prepareUserFilesRemoval(deps, owned);
  const deleted = await deleteEverythingOwnedByUser(deps.db, userId);
  await removeFiles();
  try {
    await deps.forgetSandboxCopy?.(userId);
  } catch (error) {
    deps.logger.warn({ err: error }, "the Instagram sandbox did not forget the user's copy");
  }
  return deleted;
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
 * Meta's data-deletion callback: for every workspace connected to the Meta user's account it
 * names, revokes and deletes that account's connection and every row synced from Instagram (the
 * data Meta gave us; the Sightline account itself stays), and records the request under a confirmation code the
 * user can look up. No e-mail: Meta shows the status link to the person. `signedRequestHash`
 * identifies Meta's request: the same one again deletes nothing more and returns the first record.
 */
export async function deleteDataForMetaUser(
  deps: DataDeletionDeps,
  metaUserId: string,
  signedRequestHash: string,
) {
  const deleted: Record<string, number> = {};
  const connections = (await deps.findConnectionsForMetaUser?.(metaUserId)) ?? [];
  for (const connection of connections) {
    await deps.revokeInstagramAccess?.(connection.workspaceId, connection.instagramId);
    const counts = (await deps.deleteInstagramData?.(connection)) ?? {};
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
