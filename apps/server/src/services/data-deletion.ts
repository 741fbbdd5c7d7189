import { randomInt } from "node:crypto";
import { type Db, findDataDeletionRequestByCode, insertDataDeletionRequest } from "@sightline/db";

const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function newConfirmationCode(): string {
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

/**
 * Meta's data-deletion callback: deletes what Sightline holds for the Instagram/Facebook user
 * Meta names and records the request under a confirmation code the user can look up.
 * Instagram-derived data arrives with the connection issue; until then there is nothing keyed
 * by a Meta user id, and the request is recorded as completed with nothing deleted.
 */
export async function deleteDataForMetaUser(db: Db, metaUserId: string) {
  const confirmationCode = newConfirmationCode();
  const deleted: Record<string, number> = {};
  return insertDataDeletionRequest(db, {
    confirmationCode,
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
