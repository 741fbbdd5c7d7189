import { randomBytes, timingSafeEqual } from "node:crypto";
import {
  ACCESS_TOKEN_PREFIX,
  ACCESS_TOKEN_SHOWN_CHARS,
  type AccessTokenScope,
  type AccessTokenSummary,
  accessTokenScopes,
  type CreateAccessTokenInput,
  can,
  MAX_ACCESS_TOKENS_PER_MEMBER,
  roleAllowsScope,
  roleLabels,
} from "@sightline/contracts";
import {
  type AccessTokenListRow,
  type Db,
  findAccessToken,
  insertAccessToken,
  listAccessTokens,
  revokeAccessToken,
} from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import type { ActiveWorkspace } from "../../lib/app-types.ts";
import { sha256Hex } from "../../lib/hash.ts";

/*
 * Personal access tokens (issue 35, decision 033): `slpat_` and 32 random bytes (base64url),
 * shown once, kept as their SHA-256. A token belongs to a member in one workspace and acts with
 * its scopes as far as the member's role allows them now.
 */

const DAY_MS = 86_400_000;

/** A new token's secret (handed to its maker once) and what is kept of it. */
export function newAccessToken() {
  const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
  return {
    token,
    prefix: token.slice(0, ACCESS_TOKEN_PREFIX.length + ACCESS_TOKEN_SHOWN_CHARS),
    tokenHash: sha256Hex(token),
  };
}

/** Whether two hex hashes are equal, in time that does not depend on where they differ. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

function scopesOf(stored: string[]): AccessTokenScope[] {
  return accessTokenScopes.filter((scope) => stored.includes(scope));
}

export function toSummary(row: AccessTokenListRow, viewerId: string): AccessTokenSummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: scopesOf(row.scopes),
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    ownerEmail: row.ownerEmail,
    isMine: row.userId === viewerId,
  };
}

type Member = { userId: string; workspace: Pick<ActiveWorkspace, "id" | "role"> };

/** Owners and admins see and revoke every member's tokens; everyone else only their own. */
function seesEveryToken(member: Member) {
  return can(member.workspace.role, "members");
}

export async function listTokensFor(db: Db, member: Member): Promise<AccessTokenSummary[]> {
  const rows = await listAccessTokens(
    db,
    member.workspace.id,
    seesEveryToken(member) ? {} : { userId: member.userId },
  );
  return rows.map((row) => toSummary(row, member.userId));
}

/**
 * Makes a token for the member. Each scope must be one their role allows (a Client's role
 * allows none, so a Client makes no tokens). Answers the secret, which is never readable again.
 */
export async function createTokenFor(
  db: Db,
  member: Member,
  input: {
    name: string;
    scopes: AccessTokenScope[];
    expiresInDays: CreateAccessTokenInput["expiresInDays"];
  },
  now: Date,
): Promise<{ token: string; summary: AccessTokenSummary }> {
  const refused = input.scopes.find((scope) => !roleAllowsScope(member.workspace.role, scope));
  if (refused) {
    throw new AppError(
      "forbidden",
      `Your role (${roleLabels[member.workspace.role]}) cannot give a token the ${refused} scope.`,
    );
  }
  const secret = newAccessToken();
  const saved = await insertAccessToken(
    db,
    member.workspace.id,
    {
      userId: member.userId,
      name: input.name,
      prefix: secret.prefix,
      tokenHash: secret.tokenHash,
      scopes: input.scopes,
      expiresAt:
        input.expiresInDays === null
          ? null
          : new Date(now.getTime() + input.expiresInDays * DAY_MS),
      createdAt: now,
    },
    MAX_ACCESS_TOKENS_PER_MEMBER,
  );
  if (saved === "full") {
    throw new AppError(
      "conflict",
      `You already have ${MAX_ACCESS_TOKENS_PER_MEMBER} active tokens in this workspace. Revoke one you no longer use first.`,
    );
  }
  const row = await findAccessToken(db, member.workspace.id, saved.id);
  return { token: secret.token, summary: toSummary(row!, member.userId) };
}

/**
 * Revokes a token the member may see (their own; any, for owners and admins): a token they may
 * not see is as unknown as one that does not exist (404). Revoking twice is no error.
 */
export async function revokeTokenFor(db: Db, member: Member, id: string, now: Date) {
  const row = await findAccessToken(db, member.workspace.id, id);
  if (!row || (row.userId !== member.userId && !seesEveryToken(member))) {
    throw new AppError("not_found", "This token does not exist.");
  }
  const revoked = await revokeAccessToken(db, member.workspace.id, id, now);
  return { row, revokedNow: revoked !== undefined };
}
