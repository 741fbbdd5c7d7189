import { createHmac, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { ReviewLinkView, ReviewMediaItem } from "@sightline/contracts";
import {
  findInstagramConnection,
  findReviewLinkById,
  findWorkspace,
  insertReviewLink,
  type ReviewLinkRow,
} from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import { sha256Hex } from "../../lib/hash.ts";
import { dateOf } from "../../platform/clock.ts";
import { isBucket, type Storage } from "../../platform/storage.ts";
import type { ScheduleDeps } from "../scheduling/index.ts";
import { approvalStateOf, postOf } from "./approval-service.ts";

/*
 * Review links (issue 33 point 2, decision 037): `<id>.<nonce>.<expires>.<signature>`, the
 * signature an HMAC of the rest with a key derived from the server secret. Only the token's
 * hash is stored. A link shows one post and takes one decision on it; it grants nothing else.
 */

export type ReviewLinkDeps = ScheduleDeps & {
  storage: Storage;
  signingKey: string;
  publicUrl: string;
};

/** Why a link does not work, in the words the page shows. */
export const reviewLinkMessages = {
  invalid:
    "This review link is not valid. Check that you copied all of it, or ask the person who sent it for a new one.",
  expired: "This review link has expired. Ask the person who sent it for a new one.",
  revoked: "This review link was withdrawn. Ask the person who sent it for a new one.",
} as const;

function sign(key: string, body: string): string {
  return createHmac("sha256", key).update(body).digest("base64url");
}

/** Makes a link for the post; the URL is answered this once. */
export async function createReviewLink(
  deps: ReviewLinkDeps,
  workspaceId: string,
  postId: string,
  createdBy: string,
  days: number,
): Promise<{ link: ReviewLinkRow; url: string }> {
  const now = dateOf(deps.now);
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + days * 24 * 60 * 60_000);
  const body = `${id}.${randomBytes(16).toString("base64url")}.${Math.floor(expiresAt.getTime() / 1000)}`;
  const token = `${body}.${sign(deps.signingKey, body)}`;
  const link = await insertReviewLink(deps.db, {
    id,
    workspaceId,
    postId,
    tokenHash: sha256Hex(token),
    createdByUserId: createdBy,
    expiresAt,
    createdAt: now,
  });
  return { link, url: `${new URL(deps.publicUrl).origin}/review?token=${token}` };
}

/**
 * The link a token names, checked: signature, stored hash, withdrawal, expiry (404 with the
 * reason; never a word of the post).
 */
export async function usableReviewLink(deps: ReviewLinkDeps, token: string) {
  const parts = token.split(".");
  const invalid = new AppError("not_found", reviewLinkMessages.invalid);
  if (parts.length !== 4) throw invalid;
  const [id, , expires, signature] = parts as [string, string, string, string];
  const expected = Buffer.from(sign(deps.signingKey, parts.slice(0, 3).join(".")));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
  if (!/^[0-9a-f-]{36}$/.test(id) || !/^\d{1,12}$/.test(expires)) throw invalid;
  const link = await findReviewLinkById(deps.db, id);
  if (!link || link.tokenHash !== sha256Hex(token)) throw invalid;
  if (link.revokedAt) throw new AppError("not_found", reviewLinkMessages.revoked);
  if (link.expiresAt <= dateOf(deps.now))
    throw new AppError("not_found", reviewLinkMessages.expired);
  return link;
}

/** Short-lived signed URLs of the post's stored files, for the review page's preview. */
export function mediaOf(
  storage: Storage,
  post: Awaited<ReturnType<typeof postOf>>,
): ReviewMediaItem[] {
  const url = (bucket: string, key: string) =>
    isBucket(bucket) ? storage.signedUrl(bucket, key, 60 * 60) : "";
  return post.items.map((item) => ({
    url: url(item.bucket, item.key),
    media_type: item.mediaType,
    aspect_ratio: item.aspectRatio ?? null,
    cover_url: item.cover ? url("instagram_media", item.cover.key) : null,
    tags: item.tags ?? [],
  }));
}

/** What the link's page shows: the post as it will look, and whose it is. */
export async function reviewLinkView(
  deps: ReviewLinkDeps,
  link: ReviewLinkRow,
): Promise<ReviewLinkView> {
  const [post, state, workspace] = await Promise.all([
    postOf(deps, link.workspaceId, link.postId),
    approvalStateOf(deps, link.workspaceId, link.postId),
    findWorkspace(deps.db, link.workspaceId),
  ]);
  const connection = await findInstagramConnection(deps.db, link.workspaceId, post.accountId);
  return {
    workspace_name: workspace?.name ?? "",
    account_username: connection?.instagramUsername ?? null,
    caption: post.caption,
    hashtags: post.hashtags,
    collaborators: post.collaborators,
    scheduled_time: post.scheduledTime.toISOString(),
    time_zone: post.timeZone,
    items: mediaOf(deps.storage, post),
    state,
    expires_at: link.expiresAt.toISOString(),
  };
}
