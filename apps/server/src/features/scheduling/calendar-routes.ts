import {
  bestTimesQuerySchema,
  CALENDAR_MAX_POSTS,
  calendarQuerySchema,
  isTimeZone,
  reschedulePostSchema,
} from "@sightline/contracts";
import {
  type Db,
  duplicateAsDraft,
  type findInstagramConnection,
  findScheduledPost,
  findSyncedMedia,
  listScheduledPostsInRange,
  listSyncedMediaInRange,
  type ScheduledPostRow,
} from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember, selectedConnection } from "../../middleware/session.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import { type Bucket, isBucket, isSafeKey, type Storage } from "../../platform/storage.ts";
import { readAudienceSignals } from "../content-tools/index.ts";
import { accountClientFor, type InstagramContext } from "../instagram/index.ts";
import { recordAudit } from "../workspaces/index.ts";
import {
  bestTimeHints,
  type CalendarEntry,
  mergeCalendarEntries,
  scheduledPostType,
  shortCaption,
  syncedPostType,
} from "./calendar.ts";
import { cancelScheduledPost, publishPostNow, reschedulePost } from "./post-actions.ts";

/** A Graph media URL is signed for a while; asking Meta again for every image would be wasteful. */
const MEDIA_URL_CACHE_MS = 20 * 60_000;
const MEDIA_URL_CACHE_MAX = 5_000;

const BASE = "/api/content-calendar";

/** `/storage/<bucket>/<key>` as kept in scheduled_posts, or undefined when it is not one. */
function parseStoragePath(
  path: string | null | undefined,
): { bucket: Bucket; key: string } | undefined {
  const match = /^\/storage\/([^/]+)\/(.+)$/.exec(path ?? "");
  if (!match || !isBucket(match[1]!) || !isSafeKey(match[2]!)) return undefined;
  return { bucket: match[1] as Bucket, key: match[2]! };
}

/** The image that stands for a draft: its thumbnail, else the first image, else a video's cover. */
function thumbnailFile(row: ScheduledPostRow): { bucket: Bucket; key: string } | undefined {
  const thumbnail = parseStoragePath(row.thumbnailUrl);
  if (thumbnail) return thumbnail;
  const first = row.items[0];
  if (first?.mediaType === "image") return { bucket: first.bucket, key: first.key };
  if (first?.cover) return first.cover;
  return undefined;
}

function scheduledEntry(row: ScheduledPostRow): CalendarEntry {
  return {
    id: row.id,
    source: "scheduled",
    status: row.status,
    type: scheduledPostType(row.items),
    time: row.scheduledTime.toISOString(),
    time_zone: row.timeZone,
    caption: shortCaption(row.caption),
    thumbnail_url: thumbnailFile(row)
      ? `${BASE}/posts/${row.id}/thumbnail?v=${row.updatedAt.getTime()}`
      : null,
    permalink: row.permalink,
    ig_media_id: row.igMediaId,
    media_count: row.items.length,
  };
}

type SyncedRow = Awaited<ReturnType<typeof listSyncedMediaInRange>>[number];

/** An image request carries no header: its address names the account (issue 29). */
function syncedEntry(row: SyncedRow, accountId: string): CalendarEntry {
  return {
    id: `ig_${row.igMediaId}`,
    source: "instagram",
    status: "published",
    type: syncedPostType(row.mediaType, row.mediaProductType),
    time: row.postedAt!.toISOString(),
    time_zone: null,
    caption: shortCaption(row.caption),
    thumbnail_url: `${BASE}/media/${encodeURIComponent(row.igMediaId)}/thumbnail?account=${encodeURIComponent(accountId)}`,
    permalink: row.permalink,
    ig_media_id: row.igMediaId,
    media_count: row.mediaType === "CAROUSEL_ALBUM" ? 2 : 1,
  };
}

/** The whole draft for the side panel, its files as short-lived signed URLs. */
function draftView(row: ScheduledPostRow, storage: Storage) {
  const signed = (file: { bucket: Bucket; key: string }) => {
    const url = new URL(storage.signedUrl(file.bucket, file.key));
    return `${url.pathname}${url.search}`;
  };
  return {
    ...scheduledEntry(row),
    caption: row.caption,
    hashtags: row.hashtags,
    collaborators: row.collaborators,
    // Where each file is kept too: Edit hands them back to the composer, which saves them as is.
    items: row.items.map((item) => ({
      media_type: item.mediaType,
      bucket: item.bucket,
      key: item.key,
      url: signed(item),
      cover_key: item.cover?.key ?? null,
      cover_url: item.cover ? signed(item.cover) : null,
      tags: item.tags ?? [],
      aspect_ratio: item.aspectRatio ?? null,
      duration_ms: item.durationMs ?? null,
    })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const postParam = z.object({ id: z.uuid("Not a post id.") });
const mediaParam = z.object({
  igMediaId: z.string().regex(/^[0-9A-Za-z_]{1,64}$/, "Not an Instagram media id."),
});

/**
 * /api/content-calendar (issue 14): every post in a range from both sources, rescheduling a
 * post that has not started publishing, the week view's best-time hints, and thumbnails.
 */
export function calendarRoutes(deps: {
  db: Db;
  storage: Storage;
  events: EventBus;
  now: Clock;
  instagram: InstagramContext;
}) {
  const mediaUrls = new Map<string, { url: string | null; at: number }>();

  async function mediaImageUrl(
    connection: NonNullable<Awaited<ReturnType<typeof findInstagramConnection>>>,
    igMediaId: string,
  ): Promise<string | null> {
    const key = `${connection.workspaceId}:${igMediaId}`;
    const cached = mediaUrls.get(key);
    if (cached && deps.now() - cached.at < MEDIA_URL_CACHE_MS) return cached.url;
    const media = await accountClientFor(deps.instagram, connection).getMedia(
      igMediaId,
      "id,media_type,media_url,thumbnail_url,children{media_type,media_url,thumbnail_url}",
    );
    const child = media.children?.data[0];
    const url =
      media.thumbnail_url ??
      (media.media_type === "IMAGE" ? media.media_url : undefined) ??
      child?.thumbnail_url ??
      (child?.media_type === "IMAGE" ? child.media_url : undefined) ??
      null;
    if (mediaUrls.size >= MEDIA_URL_CACHE_MAX) mediaUrls.clear();
    mediaUrls.set(key, { url, at: deps.now() });
    return url;
  }

  return new Hono<AppEnv>()
    .get("/", requireMember("read"), validate("query", calendarQuerySchema), async (c) => {
      const query = c.req.valid("query");
      const workspaceId = c.var.workspace.id;
      const range = {
        from: new Date(query.from),
        to: new Date(query.to),
        limit: CALENDAR_MAX_POSTS + 1,
      };
      const connection = await selectedConnection(deps.db, c.var.workspace);
      const [scheduledRows, syncedRows] = await Promise.all([
        listScheduledPostsInRange(deps.db, workspaceId, range, connection?.instagramId),
        connection
          ? listSyncedMediaInRange(
              deps.db,
              { workspaceId, accountId: connection.instagramId },
              range,
            )
          : Promise.resolve([]),
      ]);
      const statuses = query.status ? new Set<string>(query.status) : undefined;
      const types = query.type ? new Set<string>(query.type) : undefined;
      const merged = mergeCalendarEntries(
        scheduledRows.map(scheduledEntry),
        connection ? syncedRows.map((row) => syncedEntry(row, connection.instagramId)) : [],
      ).filter(
        (entry) => (!statuses || statuses.has(entry.status)) && (!types || types.has(entry.type)),
      );
      const truncated =
        merged.length > CALENDAR_MAX_POSTS ||
        scheduledRows.length > CALENDAR_MAX_POSTS ||
        syncedRows.length > CALENDAR_MAX_POSTS;
      return c.json({
        posts: merged.slice(0, CALENDAR_MAX_POSTS),
        truncated,
        connected: Boolean(connection),
      });
    })
    .get(
      "/best-times",
      requireMember("read"),
      validate("query", bestTimesQuerySchema),
      async (c) => {
        const { time_zone: timeZone } = c.req.valid("query");
        if (!isTimeZone(timeZone)) {
          throw new AppError(
            "bad_request",
            `"${timeZone}" is not a time zone (e.g. Europe/Berlin).`,
          );
        }
        const connection = await selectedConnection(deps.db, c.var.workspace);
        if (!connection) return c.json({ hints: [], basis: { onlineFollowerDays: 0, posts: 0 } });
        const scope = { workspaceId: connection.workspaceId, accountId: connection.instagramId };
        const { signals, basis } = await readAudienceSignals(deps.db, scope, dateOf(deps.now));
        const hints = bestTimeHints(signals, timeZone);
        return c.json({ hints, basis });
      },
    )
    .get("/posts/:id", requireMember("read"), validate("param", postParam), async (c) => {
      const row = await findScheduledPost(deps.db, c.var.workspace.id, c.req.valid("param").id);
      if (!row) throw new AppError("not_found", "This post does not exist.");
      return c.json({ post: draftView(row, deps.storage) });
    })
    .get("/posts/:id/thumbnail", requireMember("read"), validate("param", postParam), async (c) => {
      const row = await findScheduledPost(deps.db, c.var.workspace.id, c.req.valid("param").id);
      const file = row ? thumbnailFile(row) : undefined;
      if (!file) throw new AppError("not_found", "This post has no image.");
      const url = new URL(deps.storage.signedUrl(file.bucket, file.key, 3600));
      c.header("Cache-Control", "private, max-age=1800");
      return c.redirect(`${url.pathname}${url.search}`, 302);
    })
    .get(
      "/media/:igMediaId/thumbnail",
      requireMember("read"),
      validate("param", mediaParam),
      async (c) => {
        const { igMediaId } = c.req.valid("param");
        const connection = await selectedConnection(deps.db, c.var.workspace);
        const media = connection
          ? await findSyncedMedia(
              deps.db,
              { workspaceId: connection.workspaceId, accountId: connection.instagramId },
              igMediaId,
            )
          : undefined;
        if (!connection || !media) throw new AppError("not_found", "This post does not exist.");
        let url: string | null;
        try {
          url = await mediaImageUrl(connection, igMediaId);
        } catch {
          throw new AppError("bad_gateway", "Instagram did not give this post's image.");
        }
        if (!url) throw new AppError("not_found", "Instagram has no image for this post.");
        c.header("Cache-Control", "private, max-age=600");
        return c.redirect(
          `/api/functions/instagram-media-proxy?${new URLSearchParams({ src: url })}`,
          302,
        );
      },
    )
    .patch(
      "/posts/:id",
      requireMember("publish"),
      validate("param", postParam),
      validate("json", reschedulePostSchema),
      async (c) => {
        const moved = await reschedulePost(
          deps,
          c.var.workspace.id,
          c.req.valid("param").id,
          c.req.valid("json"),
        );
        await recordAudit(deps, c.var, "post.scheduled", {
          accountId: moved.accountId,
          target: moved.id,
          details: { scheduledTime: moved.scheduledTime.toISOString(), moved: true },
        });
        return c.json({ post: scheduledEntry(moved) });
      },
    )
    .post(
      "/posts/:id/cancel",
      requireMember("publish"),
      validate("param", postParam),
      async (c) => {
        const row = await cancelScheduledPost(deps, c.var.workspace.id, c.req.valid("param").id);
        await recordAudit(deps, c.var, "post.cancelled", {
          accountId: row.accountId,
          target: row.id,
        });
        return c.json({ post: scheduledEntry(row) });
      },
    )
    .post(
      "/posts/:id/publish-now",
      requireMember("publish"),
      validate("param", postParam),
      async (c) => {
        const row = await publishPostNow(deps, c.var.workspace.id, c.req.valid("param").id);
        await recordAudit(deps, c.var, "post.published", {
          accountId: row.accountId,
          target: row.id,
        });
        return c.json({ post: scheduledEntry(row) }, 202);
      },
    )
    .post(
      "/posts/:id/duplicate",
      requireMember("publish"),
      validate("param", postParam),
      async (c) => {
        const workspaceId = c.var.workspace.id;
        const copy = await duplicateAsDraft(deps.db, {
          workspaceId,
          id: c.req.valid("param").id,
          now: dateOf(deps.now),
        });
        if (!copy) throw new AppError("not_found", "This post does not exist.");
        await deps.events.publish(workspaceId, "scheduled-posts:updated", {
          id: copy.id,
          status: copy.status,
        });
        return c.json({ post: scheduledEntry(copy) }, 201);
      },
    );
}
