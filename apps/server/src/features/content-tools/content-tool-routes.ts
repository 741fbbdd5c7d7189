import {
  captionGenerateRequestSchema,
  isTimeZone,
  MAX_CAPTION_HASHTAGS,
  optimalTimesRequestSchema,
} from "@sightline/contracts";
import { type Db, listPostEngagement } from "@sightline/db";
import { Hono } from "hono";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import type { Logger } from "../../lib/logger.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember, selectedConnection } from "../../middleware/session.ts";
import { type AiModel, writeCaptionWithAi } from "../../platform/ai.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import { userLimit } from "../../platform/limits/user-limits.ts";
import { type Storage, sniffMedia } from "../../platform/storage.ts";
import { takeAiCredit } from "../plans/index.ts";
import { ownStoredFile } from "../uploads/index.ts";
import { readAudienceSignals } from "./audience-signals.ts";
import { bestCaptions, draftCaption, rankHashtags } from "./caption-draft.ts";
import { optimalTimes } from "./optimal-times.ts";

/** A model that has not answered in 30 s will not; the built-in engine drafts instead. */
const AI_TIMEOUT_MS = 30_000;

/**
 * Publishing's functions (spec §7) at /api/functions/…. instagram-optimal-times: slots computed from the account's own
 * online followers and post engagement, never random; no data, no slot.
 */
export function publishingFunctionRoutes(deps: {
  db: Db;
  now: Clock;
  storage: Storage;
  ai: AiModel | undefined;
  publicUrl: string;
  logger: Logger;
}) {
  return new Hono<AppEnv>()
    .post(
      "/instagram-optimal-times",
      requireMember("read"),
      validate("json", optimalTimesRequestSchema),
      async (c) => {
        const body = c.req.valid("json");
        if (!isTimeZone(body.timezone)) {
          throw new AppError(
            "bad_request",
            `"${body.timezone}" is not a time zone (e.g. Europe/Berlin).`,
          );
        }
        const connection = await selectedConnection(deps.db, c.var.workspace);
        if (!connection) throw new AppError("not_found", "Connect Instagram first.");
        const scope = { workspaceId: connection.workspaceId, accountId: connection.instagramId };
        const now = dateOf(deps.now);
        // AI Suggest takes one AI credit (issue 30), given back when it suggests nothing.
        const giveBack = await takeAiCredit(deps.db, c.var.workspace, now);
        let suggested = false;
        try {
          const { signals, basis } = await readAudienceSignals(deps.db, scope, now);
          const slots = optimalTimes(
            {
              startDate: body.start_date,
              count: body.count,
              daysPerWeek: body.days_per_week,
              allowedWeekdays: body.allowed_weekdays,
              hourWindow: body.hour_window,
              timezone: body.timezone,
            },
            signals,
            now,
          );
          suggested = slots.length > 0;
          return c.json({
            slots: slots.map((slot) => ({
              iso: slot.iso,
              score: Math.round(slot.score * 100) / 100,
            })),
            basis,
          });
        } finally {
          if (!suggested) await giveBack();
        }
      },
    )
    .post(
      "/instagram-caption-generate",
      requireMember("publish"),
      userLimit(deps, "caption"),
      validate("json", captionGenerateRequestSchema),
      async (c) => {
        const connection = await selectedConnection(deps.db, c.var.workspace);
        if (!connection) throw new AppError("not_found", "Connect Instagram first.");
        // One AI credit (issue 30), given back when no caption comes of it.
        const giveBack = await takeAiCredit(deps.db, c.var.workspace, dateOf(deps.now));
        let delivered = false;
        try {
          const posts = await listPostEngagement(deps.db, {
            workspaceId: connection.workspaceId,
            accountId: connection.instagramId,
          });
          const draft = draftCaption(posts);
          let fallbackNote = "";
          if (deps.ai) {
            const file = ownStoredFile(
              deps.storage,
              deps.publicUrl,
              c.var.workspace.storageFolder,
              c.req.valid("json").media_url,
            );
            const bytes = file ? await deps.storage.get(file.bucket, file.key) : undefined;
            const media = bytes ? sniffMedia(bytes) : undefined;
            if (!bytes || media?.kind !== "image") {
              fallbackNote =
                "The AI model only looks at images you uploaded to Sightline (for a video, its cover); ";
            } else {
              try {
                const written = await writeCaptionWithAi(deps.ai, {
                  image: bytes,
                  mediaType: media.contentType,
                  voiceExamples: bestCaptions(posts, 5),
                  hashtagPool: rankHashtags(posts, 30).map((entry) => entry.tag),
                  signal: AbortSignal.timeout(AI_TIMEOUT_MS),
                });
                delivered = true;
                return c.json({
                  success: true,
                  caption: written.caption,
                  hashtags: written.hashtags.slice(0, MAX_CAPTION_HASHTAGS),
                  engine: "ai" as const,
                  model: deps.ai.label,
                  note: `Written by ${deps.ai.label} from the image, in the voice of your best captions.`,
                });
              } catch (error) {
                // The message only: the SDK's error carries the request body (the image) along.
                deps.logger.warn(
                  { reason: error instanceof Error ? error.message.slice(0, 300) : String(error) },
                  "AI caption failed; the built-in engine drafted",
                );
                fallbackNote = `The AI model (${deps.ai.label}) did not answer usefully; `;
              }
            }
          }
          if (draft.basedOn === 0 && draft.hashtags.length === 0) {
            return c.json({
              success: false,
              caption: "",
              hashtags: [],
              engine: "built-in" as const,
              note: `${fallbackNote}There are no synced posts with captions to learn this account's voice from yet.`,
            });
          }
          delivered = true;
          return c.json({
            success: true,
            caption: draft.caption,
            hashtags: draft.hashtags,
            // The dialog must never claim AI when none ran (issue 13): say which engine wrote it.
            engine: "built-in" as const,
            note: `${fallbackNote}Drafted from your ${draft.basedOn} best-performing captions and your hashtags with the highest median reach; no AI model looked at the image.`,
          });
        } finally {
          if (!delivered) await giveBack();
        }
      },
    );
}
