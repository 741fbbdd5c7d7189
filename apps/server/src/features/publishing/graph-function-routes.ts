import {
  photoPostRequestSchema,
  publishPostRequestSchema,
  videoInitRequestSchema,
  videoStatusRequestSchema,
  videoUploadQuerySchema,
} from "@sightline/contracts";
import { type AccountClient, GraphApiError } from "@sightline/instagram-graph";
import { Hono } from "hono";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv, WorkspaceRef } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember, selectedConnection } from "../../middleware/session.ts";
import type { Storage } from "../../platform/storage.ts";
import {
  accountClientFor,
  handleGraphFailure,
  hasCapability,
  type InstagramContext,
} from "../instagram/index.ts";
import { ownStoredFile } from "../uploads/index.ts";
import { isNetworkFailure, MAX_POLLS, POLL_INTERVAL_MS, RETRY_DELAYS_MS } from "./pipeline.ts";

function detailOf(error: unknown): string {
  if (error instanceof GraphApiError) return error.userMessage ?? error.graphMessage;
  return error instanceof Error ? error.message : String(error);
}

/**
 * The spec's publishing functions (§7) as authenticated routes at /api/functions/…, each a thin
 * step over the Graph client acting as the caller's own account: video-init, video-upload,
 * video-status, photo-post and publish-post. The composer uses the server-side pipeline
 * (/api/scheduled-posts/publish-now); these stay for callers that drive the steps themselves.
 */
export function graphFunctionRoutes(deps: { instagram: InstagramContext; storage: Storage }) {
  const ctx = deps.instagram;
  const sleep = (ms: number) =>
    ctx.publishRuntime?.sleep(ms) ?? new Promise<void>((resolve) => setTimeout(resolve, ms));

  async function accountFor(workspace: WorkspaceRef): Promise<{
    client: AccountClient;
    onError: (error: unknown, label: string) => Promise<never>;
  }> {
    const connection = await selectedConnection(ctx.db, workspace);
    if (!connection) throw new AppError("conflict", "No Instagram connection");
    if (connection.status !== "active") {
      throw new AppError(
        "conflict",
        `Instagram no longer accepts Sightline's access to @${connection.instagramUsername}. Reconnect it in Settings.`,
      );
    }
    if (!hasCapability(connection, "publish")) {
      throw new AppError(
        "forbidden",
        "Publishing was not allowed when Instagram was connected. Reconnect and allow publishing.",
      );
    }
    return {
      client: accountClientFor(ctx, connection),
      onError: async (error, label) => {
        if (error instanceof AppError) throw error;
        if (await handleGraphFailure(ctx, connection, error)) {
          throw new AppError(
            "conflict",
            `No Instagram connection: Instagram no longer accepts Sightline's access to @${connection.instagramUsername}. Reconnect it in Settings.`,
          );
        }
        throw new AppError("bad_gateway", `${label}: ${detailOf(error)}`);
      },
    };
  }

  /** Spec §8: network failures are retried up to 2 times, after 2 s then 4 s. */
  async function withRetry<T>(work: () => Promise<T>): Promise<T> {
    for (let retry = 0; ; retry++) {
      try {
        return await work();
      } catch (error) {
        const delay = RETRY_DELAYS_MS[retry];
        if (delay === undefined || !isNetworkFailure(error)) throw error;
        await sleep(delay);
      }
    }
  }

  /**
   * Only the caller's own stored files may be handed to Instagram: a signed, unexpired URL of
   * this server's storage under the caller's folder. Anything else would let a caller make
   * Instagram (or the sandbox, in process) fetch an address of their choosing.
   */
  function ownImageUrl(folder: string, raw: string, index: number): string {
    const file = ownStoredFile(deps.storage, ctx.publicUrl, folder, raw);
    // A bare path would not be fetchable by Instagram: only signed URLs are taken here.
    if (!file || !/^https?:/i.test(raw)) {
      throw new AppError(
        "bad_request",
        `image_urls[${index}] is not an image you uploaded to Sightline (upload it first with /api/uploads/instagram-media).`,
      );
    }
    return file.url;
  }

  async function waitFinished(client: AccountClient, containerId: string, label: string) {
    for (let poll = 1; ; poll++) {
      const state = await withRetry(() => client.getContainerStatus(containerId));
      if (state.statusCode === "FINISHED") return;
      if (state.statusCode === "ERROR" || state.statusCode === "EXPIRED") {
        throw new AppError(
          "bad_gateway",
          `${label}: ${state.status ?? `the container is ${state.statusCode}`}`,
        );
      }
      if (poll >= MAX_POLLS) {
        throw new AppError(
          "unavailable",
          `${label}: Instagram was still processing after ${(MAX_POLLS * POLL_INTERVAL_MS) / 1000} s.`,
        );
      }
      await sleep(POLL_INTERVAL_MS);
    }
  }

  /** Publish, settling a lost answer from the container (PUBLISHED means it went live). */
  async function publishOnce(client: AccountClient, containerId: string): Promise<string | null> {
    return withRetry(async () => {
      try {
        return (await client.publish(containerId)).id;
      } catch (error) {
        const state = await client.getContainerStatus(containerId).catch(() => undefined);
        if (state?.statusCode === "PUBLISHED") return null;
        throw error;
      }
    });
  }

  return (
    new Hono<AppEnv>()
      .post(
        "/instagram-video-init",
        requireMember("publish"),
        validate("json", videoInitRequestSchema),
        async (c) => {
          const body = c.req.valid("json");
          const { client, onError } = await accountFor(c.var.workspace);
          try {
            const created = await withRetry(() =>
              client.createContainer(
                body.is_carousel_item
                  ? { kind: "carousel-video", resumable: true }
                  : // Single feed videos go out as REELS since 2023; VIDEO shares to the feed.
                    { kind: "reel", resumable: true, shareToFeed: true },
              ),
            );
            return c.json({ success: true, container_id: created.id });
          } catch (error) {
            return onError(error, "Video init failed");
          }
        },
      )
      // The body (one chunk, at most 6MB) is capped by the app's body limits (app.ts).
      .post(
        "/instagram-video-upload",
        requireMember("publish"),
        validate("query", videoUploadQuerySchema),
        async (c) => {
          const query = c.req.valid("query");
          const chunk = new Uint8Array(await c.req.arrayBuffer());
          if (chunk.byteLength === 0) {
            throw new AppError("bad_request", "Video chunk upload failed: the chunk is empty.");
          }
          if (query.offset + chunk.byteLength > query.file_size) {
            throw new AppError(
              "bad_request",
              "Video chunk upload failed: the chunk runs past file_size.",
            );
          }
          const { client, onError } = await accountFor(c.var.workspace);
          try {
            const result = await withRetry(() =>
              client.uploadVideoChunk({
                containerId: query.container_id,
                offset: query.offset,
                fileSize: query.file_size,
                body: chunk,
              }),
            );
            return c.json({
              success: true,
              offset: result.committedOffset,
              complete: result.committedOffset >= query.file_size,
            });
          } catch (error) {
            return onError(error, "Video chunk upload failed");
          }
        },
      )
      .post(
        "/instagram-video-status",
        requireMember("publish"),
        validate("json", videoStatusRequestSchema),
        async (c) => {
          const { client, onError } = await accountFor(c.var.workspace);
          try {
            const state = await withRetry(() =>
              client.getContainerStatus(c.req.valid("json").container_id),
            );
            return c.json({
              status: state.statusCode ?? "IN_PROGRESS",
              detail: state.status ?? null,
            });
          } catch (error) {
            return onError(error, "Video processing failed");
          }
        },
      )
      .post(
        "/instagram-photo-post",
        requireMember("publish"),
        validate("json", photoPostRequestSchema),
        async (c) => {
          const body = c.req.valid("json");
          const urls = body.image_urls.map((url, index) =>
            ownImageUrl(c.var.workspace.storageFolder, url, index),
          );
          const collaborators = body.collaborators
            .split(",")
            .map((name) => name.trim().replace(/^@/, ""))
            .filter(Boolean);
          if (collaborators.length > 3) {
            throw new AppError("bad_request", "Maximum 3 collaborators allowed");
          }
          const { client, onError } = await accountFor(c.var.workspace);
          try {
            let containerId: string;
            const childIds: string[] = [];
            if (urls.length === 1) {
              const tags = body.user_tags[0];
              containerId = (
                await withRetry(() =>
                  client.createContainer({
                    kind: "image",
                    imageUrl: urls[0]!,
                    caption: body.caption,
                    ...(tags?.length ? { userTags: tags } : {}),
                    ...(collaborators.length ? { collaborators } : {}),
                  }),
                )
              ).id;
            } else {
              for (const [index, imageUrl] of urls.entries()) {
                const tags = body.user_tags[index];
                const child = await withRetry(() =>
                  client.createContainer({
                    kind: "carousel-image",
                    imageUrl,
                    ...(tags?.length ? { userTags: tags } : {}),
                  }),
                );
                childIds.push(child.id);
              }
              containerId = (
                await withRetry(() =>
                  client.createContainer({
                    kind: "carousel",
                    children: childIds,
                    caption: body.caption,
                    ...(collaborators.length ? { collaborators } : {}),
                  }),
                )
              ).id;
            }
            await waitFinished(client, containerId, "Photo post failed");
            const mediaId = await publishOnce(client, containerId);
            return c.json({ success: true, media_id: mediaId, child_ids: childIds });
          } catch (error) {
            return onError(error, "Photo post failed");
          }
        },
      )
      .post(
        "/instagram-publish-post",
        requireMember("publish"),
        validate("json", publishPostRequestSchema),
        async (c) => {
          const body = c.req.valid("json");
          const { client, onError } = await accountFor(c.var.workspace);
          try {
            const mediaId = await publishOnce(client, body.creation_id);
            return c.json({ success: true, media_id: mediaId });
          } catch (error) {
            return onError(error, "Video publish failed");
          }
        },
      )
  );
}
