import { captionGenerateRequestSchema, optimalTimesRequestSchema } from "@sightline/contracts";
import {
  type Db,
  findInstagramConnection,
  listOnlineFollowers,
  listPostEngagement,
} from "@sightline/db";
import { Hono } from "hono";
import type { AppEnv } from "../../app-types.ts";
import { AppError } from "../../lib/app-error.ts";
import { validate } from "../../lib/validate.ts";
import { requireUser } from "../../middleware/session.ts";
import { draftCaption } from "./caption-draft.ts";
import { optimalTimes } from "./optimal-times.ts";
import { isTimeZone } from "./zoned-time.ts";

/** Instagram keeps online followers for 30 days; older days describe another audience. */
const ONLINE_FOLLOWERS_DAYS = 30;

/**
 * Publishing's functions (spec §7) at /api/functions/…. instagram-optimal-times: slots computed from the account's own
 * online followers and post engagement, never random; no data, no slot.
 */
export function publishingFunctionRoutes(deps: { db: Db; now: () => Date }) {
  return new Hono<AppEnv>()
    .post(
      "/instagram-optimal-times",
      requireUser,
      validate("json", optimalTimesRequestSchema),
      async (c) => {
        const body = c.req.valid("json");
        if (!isTimeZone(body.timezone)) {
          throw new AppError(
            "bad_request",
            `"${body.timezone}" is not a time zone (e.g. Europe/Berlin).`,
          );
        }
        const connection = await findInstagramConnection(deps.db, c.var.user.id);
        if (!connection) throw new AppError("not_found", "Connect Instagram first.");
        const scope = { userId: connection.userId, accountId: connection.instagramId };
        const now = deps.now();
        const since = new Date(now.getTime() - ONLINE_FOLLOWERS_DAYS * 86_400_000)
          .toISOString()
          .slice(0, 10);
        const [onlineFollowers, posts] = await Promise.all([
          listOnlineFollowers(deps.db, scope, since),
          listPostEngagement(deps.db, scope),
        ]);
        const slots = optimalTimes(
          {
            startDate: body.start_date,
            count: body.count,
            daysPerWeek: body.days_per_week,
            allowedWeekdays: body.allowed_weekdays,
            hourWindow: body.hour_window,
            timezone: body.timezone,
          },
          {
            onlineFollowers,
            posts: posts
              .filter((post) => post.reach > 0)
              .map((post) => ({
                postedAt: post.postedAt,
                engagementRate: post.interactions / post.reach,
              })),
          },
          now,
        );
        return c.json({
          slots: slots.map((slot) => ({
            iso: slot.iso,
            score: Math.round(slot.score * 100) / 100,
          })),
          basis: { onlineFollowerDays: onlineFollowers.length, posts: posts.length },
        });
      },
    )
    .post(
      "/instagram-caption-generate",
      requireUser,
      validate("json", captionGenerateRequestSchema),
      async (c) => {
        const connection = await findInstagramConnection(deps.db, c.var.user.id);
        if (!connection) throw new AppError("not_found", "Connect Instagram first.");
        const posts = await listPostEngagement(deps.db, {
          userId: connection.userId,
          accountId: connection.instagramId,
        });
        const draft = draftCaption(posts);
        if (draft.basedOn === 0 && draft.hashtags.length === 0) {
          return c.json({
            success: false,
            caption: "",
            hashtags: [],
            engine: "built-in" as const,
            note: "There are no synced posts with captions to learn this account's voice from yet.",
          });
        }
        return c.json({
          success: true,
          caption: draft.caption,
          hashtags: draft.hashtags,
          // The dialog must never claim AI when none ran (issue 13): say which engine wrote it.
          engine: "built-in" as const,
          note: `Drafted from your ${draft.basedOn} best-performing captions and your hashtags with the highest median reach; no AI model looked at the image.`,
        });
      },
    );
}
