import { GraphApiError } from "../errors.ts";
import type { Params } from "../http.ts";
import { idResultSchema } from "../schemas/common.ts";
import {
  type ContainerStatusCode,
  containerCreateResultSchema,
  containerStatusSchema,
  publishingLimitSchema,
  ruploadSuccessSchema,
  videoStatusSchema,
} from "../schemas/publishing.ts";
import { type AccountScope, nodePath, toUnixSeconds } from "./scope.ts";

/** §2.1 — `x`/`y` are fractions 0–1 from the left/top. */
export type UserTag = { username: string; x: number; y: number };

/** §2.1 — one container per kind; the union keeps each kind's parameters honest. */
export type ContainerInput =
  | {
      kind: "image";
      imageUrl: string;
      caption?: string;
      altText?: string;
      userTags?: readonly UserTag[];
      collaborators?: readonly string[];
      locationId?: string;
    }
  | { kind: "carousel-image"; imageUrl: string; altText?: string; userTags?: readonly UserTag[] }
  | { kind: "carousel-video"; videoUrl?: string; resumable?: boolean }
  | {
      kind: "carousel";
      children: readonly string[];
      caption?: string;
      collaborators?: readonly string[];
      locationId?: string;
    }
  | {
      kind: "reel";
      videoUrl?: string;
      resumable?: boolean;
      caption?: string;
      coverUrl?: string;
      thumbOffsetMs?: number;
      shareToFeed?: boolean;
      userTags?: readonly UserTag[];
      collaborators?: readonly string[];
      audioName?: string;
      locationId?: string;
      trialGraduationStrategy?: "MANUAL" | "SS_PERFORMANCE";
    }
  | { kind: "story-image"; imageUrl: string; userTags?: readonly UserTag[] }
  | { kind: "story-video"; videoUrl?: string; resumable?: boolean };

export type CreatedContainer = { id: string; uploadUri: string | undefined };

export type ContainerState = {
  id: string;
  statusCode: ContainerStatusCode | undefined;
  status: string | undefined;
  /** The §8.3 subcode embedded in an ERROR status text, when present. */
  errorSubcode: number | undefined;
};

/** §2.3 — a resumable upload's progress, read from the container. */
export type UploadProgress = {
  /** Bytes Meta has of the file: where an interrupted upload goes on from. */
  bytesTransferred: number | undefined;
  uploadingStatus: string | undefined;
  processingStatus: string | undefined;
};

export type PublishingLimitState = {
  quotaUsage: number;
  quotaTotal: number | undefined;
  quotaDurationSeconds: number | undefined;
};

export type UploadVideoInput = {
  containerId: string;
  data: Uint8Array;
  /** Bytes per request; default 8 MiB. */
  chunkSize?: number;
  onProgress?: (committedBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
};

function videoSource(input: {
  videoUrl?: string | undefined;
  resumable?: boolean | undefined;
}): Params {
  if (input.resumable) return { upload_type: "resumable" };
  if (input.videoUrl === undefined) {
    throw new TypeError("A video container needs videoUrl or resumable: true");
  }
  return { video_url: input.videoUrl };
}

export function containerParams(input: ContainerInput): Params {
  switch (input.kind) {
    case "image":
      return {
        image_url: input.imageUrl,
        caption: input.caption,
        alt_text: input.altText,
        user_tags: input.userTags,
        collaborators: input.collaborators,
        location_id: input.locationId,
      };
    case "carousel-image":
      return {
        image_url: input.imageUrl,
        is_carousel_item: true,
        alt_text: input.altText,
        user_tags: input.userTags,
      };
    case "carousel-video":
      return { media_type: "VIDEO", is_carousel_item: true, ...videoSource(input) };
    case "carousel":
      return {
        media_type: "CAROUSEL",
        children: input.children.join(","),
        caption: input.caption,
        collaborators: input.collaborators,
        location_id: input.locationId,
      };
    case "reel":
      return {
        media_type: "REELS",
        ...videoSource(input),
        caption: input.caption,
        cover_url: input.coverUrl,
        thumb_offset: input.thumbOffsetMs,
        share_to_feed: input.shareToFeed,
        user_tags: input.userTags,
        collaborators: input.collaborators,
        audio_name: input.audioName,
        location_id: input.locationId,
        trial_params:
          input.trialGraduationStrategy !== undefined
            ? { graduation_strategy: input.trialGraduationStrategy }
            : undefined,
      };
    case "story-image":
      return { media_type: "STORIES", image_url: input.imageUrl, user_tags: input.userTags };
    case "story-video":
      return { media_type: "STORIES", ...videoSource(input) };
  }
}

export function createPublishingApi(scope: AccountScope) {
  const { context, transport } = scope;

  async function getContainerStatus(containerId: string): Promise<ContainerState> {
    const response = await scope.get(
      nodePath(containerId),
      { fields: "id,status_code,status" },
      containerStatusSchema,
    );
    const subcode = response.status?.match(/\b(2207\d{3})\b/)?.[1];
    return {
      id: response.id,
      statusCode: response.status_code,
      status: response.status,
      errorSubcode: subcode !== undefined ? Number(subcode) : undefined,
    };
  }

  async function getUploadProgress(containerId: string): Promise<UploadProgress> {
    const response = await scope.get(
      nodePath(containerId),
      { fields: "id,video_status" },
      videoStatusSchema,
    );
    return {
      bytesTransferred: response.video_status?.uploading_phase?.bytes_transferred,
      uploadingStatus: response.video_status?.uploading_phase?.status,
      processingStatus: response.video_status?.processing_phase?.status,
    };
  }

  async function uploadChunk(input: {
    containerId: string;
    offset: number;
    fileSize: number;
    body?: Uint8Array;
    fileUrl?: string;
    signal?: AbortSignal | undefined;
  }) {
    return scope.send(
      {
        host: "rupload",
        method: "POST",
        path: `/ig-api-upload/${transport.version}/${encodeURIComponent(input.containerId)}`,
        versioned: false,
        headers: {
          offset: String(input.offset),
          file_size: String(input.fileSize),
          ...(input.fileUrl !== undefined
            ? { file_url: input.fileUrl }
            : { "content-type": "application/octet-stream" }),
        },
        ...(input.body !== undefined ? { body: input.body } : {}),
        tokenTransport: "oauth-header",
        // Chunks carry their offset, so a repeat can never corrupt the file.
        idempotent: true,
        timeoutMs: scope.uploadTimeoutMs,
        ...(input.signal !== undefined ? { signal: input.signal } : {}),
      },
      ruploadSuccessSchema,
    );
  }

  return {
    /** §2.1 — returns the container id (and the rupload URI for resumable video). */
    async createContainer(input: ContainerInput): Promise<CreatedContainer> {
      const response = await scope.post(
        nodePath(context.igUserId, "media"),
        containerParams(input),
        containerCreateResultSchema,
        // An orphan container is invisible and expires in 24 h, so repeating is harmless.
        { idempotent: true },
      );
      return { id: response.id, uploadUri: response.uri };
    },

    /**
     * §2.3 — resumable upload in chunks, as Meta documents it: each chunk names its `offset`.
     * When a chunk fails, Meta may have kept part of it; how much is read from the container's
     * `video_status.uploading_phase.bytes_transferred` and the upload goes on from there
     * instead of starting over (the upload replies carry no offset).
     */
    async uploadVideo(input: UploadVideoInput): Promise<{ bytes: number }> {
      const total = input.data.byteLength;
      const chunkSize = Math.max(1, input.chunkSize ?? 8 * 1024 * 1024);
      let offset = 0;
      let resumes = 0;
      const maxResumes = Math.ceil(total / chunkSize) + 5;
      while (offset < total) {
        const end = Math.min(total, offset + chunkSize);
        try {
          await uploadChunk({
            containerId: input.containerId,
            offset,
            fileSize: total,
            body: input.data.subarray(offset, end),
            signal: input.signal,
          });
          offset = end;
          input.onProgress?.(offset, total);
        } catch (error) {
          if (!(error instanceof GraphApiError) || resumes >= maxResumes) throw error;
          const transferred = await getUploadProgress(input.containerId)
            .then((progress) => progress.bytesTransferred)
            .catch(() => undefined);
          // Nothing moved (or Meta cannot say): repeating would fail the same way.
          if (transferred === undefined || transferred === offset || transferred > total) {
            throw error;
          }
          resumes++;
          offset = transferred;
          input.onProgress?.(offset, total);
        }
      }
      return { bytes: total };
    },

    /**
     * §2.3 — one chunk of a resumable upload, for callers that stream a file in pieces (spec
     * instagram-video-upload). `offset` is the chunk's first byte; `fileSize` the whole file's.
     * A chunk that fails after Meta kept part of it answers how far it got, read from the
     * container, so the caller sends the rest from there.
     */
    async uploadVideoChunk(input: {
      containerId: string;
      offset: number;
      fileSize: number;
      body: Uint8Array;
    }): Promise<{ committedOffset: number }> {
      try {
        await uploadChunk(input);
      } catch (error) {
        const transferred = await getUploadProgress(input.containerId)
          .then((progress) => progress.bytesTransferred)
          .catch(() => undefined);
        if (transferred === undefined || transferred <= input.offset) throw error;
        return { committedOffset: transferred };
      }
      return { committedOffset: input.offset + input.body.byteLength };
    },

    /** §2.3 — let Meta fetch the bytes from a public URL instead. */
    async uploadVideoFromUrl(containerId: string, fileUrl: string): Promise<void> {
      await uploadChunk({ containerId, offset: 0, fileSize: 0, fileUrl });
    },

    /** §2.4 */
    getContainerStatus,

    /** §2.3 — how many bytes of a resumable upload Meta has (where to resume). */
    getUploadProgress,

    /**
     * Polls until the container leaves IN_PROGRESS (§2.4: Meta suggests once a minute, ≤ 5 min;
     * images finish in seconds). Uses the client's injectable sleep.
     */
    async waitForContainer(
      containerId: string,
      options: { intervalMs?: number; maxPolls?: number } = {},
    ): Promise<ContainerState> {
      const maxPolls = options.maxPolls ?? 30;
      let state = await getContainerStatus(containerId);
      for (let poll = 1; poll < maxPolls && state.statusCode === "IN_PROGRESS"; poll++) {
        await transport.sleep(options.intervalMs ?? 10_000);
        state = await getContainerStatus(containerId);
      }
      return state;
    },

    /**
     * §2.5 — returns the new media id. Never retried automatically: after a lost response, read
     * the container first (PUBLISHED means it already went live).
     */
    async publish(containerId: string): Promise<{ id: string }> {
      return scope.post(
        nodePath(context.igUserId, "media_publish"),
        { creation_id: containerId },
        idResultSchema,
        { idempotent: false },
      );
    },

    /** §2.6 — never hard-code the quota; read `quota_total`. */
    async getPublishingLimit(
      options: { since?: Date | number } = {},
    ): Promise<PublishingLimitState> {
      const response = await scope.get(
        nodePath(context.igUserId, "content_publishing_limit"),
        { fields: "quota_usage,config", since: toUnixSeconds(options.since) },
        publishingLimitSchema,
      );
      const entry = response.data[0];
      return {
        quotaUsage: entry?.quota_usage ?? 0,
        quotaTotal: entry?.config?.quota_total,
        quotaDurationSeconds: entry?.config?.quota_duration,
      };
    },
  };
}
