import {
  countRateLimitEventsSince,
  type Db,
  deleteRateLimitEvent,
  insertRateLimitEvent,
  oldestRateLimitEventSince,
} from "@sightline/db";
import { createMiddleware } from "hono/factory";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import type { Clock } from "../clock.ts";

/**
 * Per-user limits on expensive work (issue 25): one signed-in user looping exports, syncs or
 * uploads must not take the server from everyone else. Counted in the database
 * (`rate_limit_events`, keyed `user:<kind>:<user id>`), so they hold across instances.
 */
export const userLimitRules = {
  /** Settings → Export my data (a zip of everything). */
  export: { max: 3, windowMs: 60 * 60_000 },
  /** Instagram "Sync now". */
  syncNow: { max: 6, windowMs: 60 * 60_000 },
  /** Press Radar "Fetch now" and Trend Radar refresh. */
  fetchNow: { max: 10, windowMs: 60 * 60_000 },
  /** AI caption drafts (a vision model call each with a provider configured). */
  caption: { max: 30, windowMs: 60 * 60_000 },
  /** Ask Sightline questions (a model call with tools each; AI credits count them too). */
  ask: { max: 60, windowMs: 60 * 60_000 },
  /** Starting an Instagram connection. */
  connect: { max: 10, windowMs: 60 * 60_000 },
  /** Uploads (up to 50MB each; the storage quota caps what is kept). */
  upload: { max: 100, windowMs: 60 * 60_000 },
  /**
   * Workspace invitations sent (an e-mail each to any address): revoking and inviting again,
   * or across several workspaces, must not make Sightline a mail cannon.
   */
  invite: { max: 30, windowMs: 60 * 60_000 },
  /**
   * "Keep this one active" on a plan smaller than the workspace (issue 30): each queues a sync,
   * a hashtag sampling or a feed fetch.
   */
  keepActive: { max: 20, windowMs: 60 * 60_000 },
  /**
   * Outgoing webhooks' "Send test event" and "Resend" (issue 35): each is a POST from our
   * servers to a URL the user chose; a loop must not make Sightline hammer someone's server.
   */
  webhookSend: { max: 30, windowMs: 60 * 60_000 },
  /** A client report's PDF (decision 038): drawn on the server, several seconds of CPU each. */
  reportPdf: { max: 60, windowMs: 60 * 60_000 },
  /**
   * A report's top-post thumbnail: each may fetch an image from Instagram's CDN (a report's page
   * shows up to ten), so a loop over them must not make Sightline fetch for one user without end.
   */
  reportThumbnail: { max: 600, windowMs: 60 * 60_000 },
  /** "Check tags now" on Mentions (decision 041): each queues a read of `/tags` at Instagram. */
  mentionsRefresh: { max: 10, windowMs: 60 * 60_000 },
} as const;

export type UserLimitKind = keyof typeof userLimitRules;

type LimitDeps = { db: Db; now: Clock };

/** 429 with the seconds until the window frees a place, sent as `Retry-After`. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("rate_limited", "Too many requests. Please wait a moment and try again.");
  }
}

/**
 * Takes one place of `kind` for the user, or throws RateLimitedError. The attempt is written
 * first and counted after, so two racing requests cannot both take the last place.
 */
export async function takeUserLimit(
  deps: LimitDeps,
  kind: UserLimitKind,
  userId: string,
): Promise<void> {
  const rule = userLimitRules[kind];
  const key = `user:${kind}:${userId}`;
  const at = new Date(deps.now());
  const since = new Date(at.getTime() - rule.windowMs);
  await insertRateLimitEvent(deps.db, key, at);
  if ((await countRateLimitEventsSince(deps.db, key, since)) <= rule.max) return;
  await deleteRateLimitEvent(deps.db, key, at);
  const oldest = await oldestRateLimitEventSince(deps.db, key, since);
  const freeAt = (oldest?.getTime() ?? at.getTime()) + rule.windowMs;
  throw new RateLimitedError(Math.max(1, Math.ceil((freeAt - at.getTime()) / 1000)));
}

/** Route middleware: the signed-in user's limit of `kind` (after requireUser). */
export function userLimit(deps: LimitDeps, kind: UserLimitKind) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const user = await c.var.getUser();
    if (!user) throw new AppError("unauthorized", "Sign in to continue.");
    await takeUserLimit(deps, kind, user.id);
    await next();
  });
}
