import { randomInt } from "node:crypto";
import {
  type Db,
  findDataDeletionRequestByCode,
  insertDataDeletionRequestOnce,
} from "@sightline/db";

const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function newConfirmationCode(): string {
  return Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]).join("");
}

/**
 * Meta's data-deletion callback: deletes what Sightline holds for the Instagram/Facebook user
 * Meta names and records the request under a confirmation code the user can look up.
 * Instagram-derived data arrives with the connection issue; until then there is nothing keyed
 * by a Meta user id, and the request is recorded as completed with nothing deleted.
 * `signedRequestHash` identifies Meta's request: the same one again returns the first record.
 */
export async function deleteDataForMetaUser(db: Db, metaUserId: string, signedRequestHash: string) {
  const confirmationCode = newConfirmationCode();
  const deleted: Record<string, number> = {};
  return insertDataDeletionRequestOnce(db, {
    signedRequestHash,
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
