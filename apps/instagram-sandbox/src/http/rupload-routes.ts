import type { Context, Hono } from "hono";
import type { SandboxCore } from "../core/context.ts";
import { readToken } from "../core/tokens.ts";
import { containerStatus } from "../graph/container-status.ts";
import { fetchVideo, maxVideoBytes } from "../graph/media-validation.ts";
import { completeUpload } from "../graph/publishing.ts";
import { faultResponse } from "../live/fault-response.ts";
import { delay } from "../live/faults.ts";
import { feedMp4Scan } from "../media/mp4.ts";

function failure(
  c: Context,
  message: string,
  options: { retriable?: boolean; type?: string; status?: number } = {},
): Response {
  return c.json(
    {
      debug_info: {
        retriable: options.retriable ?? false,
        type: options.type ?? "ProcessingFailedError",
        message: JSON.stringify({ success: false, error: { message } }),
      },
    },
    (options.status ?? 400) as 400,
  );
}

function intHeader(c: Context, name: string): number | undefined {
  const value = c.req.header(name);
  if (value === undefined || value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : Number.NaN;
}

/**
 * §2.3 — `POST rupload.facebook.com/ig-api-upload/{version}/{container-id}` with `offset` and
 * `file_size` headers and raw bytes (or a `file_url` header). Replies are Meta's documented
 * `{"success":true,"message":"Upload successful."}`, with no offset in them: how many bytes
 * arrived is read from the container's `video_status.uploading_phase.bytes_transferred`, and an
 * interrupted upload resumes from there. A chunk at any other offset is refused.
 */
function upload(base: SandboxCore) {
  return async (c: Context) => {
    let core = base;
    const path = new URL(c.req.url).pathname;
    const segments = path
      .slice(path.indexOf("/ig-api-upload/") + "/ig-api-upload/".length)
      .split("/")
      .filter(Boolean);
    const containerId = segments[segments.length - 1] ?? "";
    const faultPath = `/ig-api-upload/${containerId}`;
    const fault = core.faults.take("rupload.facebook.com", faultPath, c.req.method);
    if (fault && !fault.partial) {
      if (fault.delayMs !== undefined) await delay(fault.delayMs, c.req.raw.signal);
      if (fault.status !== undefined || fault.code !== undefined || fault.body !== undefined)
        return faultResponse(core, fault, "rupload");
    }
    const header = c.req.header("authorization")?.match(/^(?:OAuth|Bearer)\s+(.+)$/i)?.[1];
    const token = header ?? new URL(c.req.url).searchParams.get("access_token") ?? undefined;
    const now = core.now();
    const claims = token ? readToken(core.options.appSecret, token) : undefined;
    if (!claims || (claims.expiresAt !== undefined && claims.expiresAt <= now))
      return failure(c, "unauthorized user request");
    // The token's own copy of the demo world (decision 015): another space's containers are unknown.
    core = base.inSpace(claims.space);
    const container = core.store.container(containerId);
    const store = core.store;
    const allowed =
      container !== undefined &&
      (claims.subject === container.accountId ||
        store.pages.get(claims.subject)?.account?.igUserId === container.accountId ||
        store.accountByFbUser.get(claims.subject)?.igUserId === container.accountId);
    if (!container || !allowed) return failure(c, "unauthorized user request");
    const state = container.upload;
    if (!state) return failure(c, "This media container does not accept resumable uploads");
    const status = containerStatus(core, container, now).code;
    if (status === "EXPIRED" || status === "PUBLISHED")
      return failure(c, `Media container is ${status.toLowerCase()}`);

    const fileUrl = c.req.header("file_url");
    if (fileUrl !== undefined && fileUrl !== "") {
      if (state.completedAt !== undefined)
        return c.json({ success: true, message: "Upload successful." });
      const fetched = await fetchVideo(core, fileUrl, container.kind);
      if ("failure" in fetched) {
        container.failure = fetched.failure;
        container.readyAt = now + 10_000;
        store.putContainer(container);
        return failure(c, "Failed to download the video from file_url", { retriable: true });
      }
      state.committed = fetched.bytes;
      state.fileSize = fetched.bytes;
      state.scan = fetched.info
        ? { ...state.scan, info: fetched.info }
        : { ...state.scan, error: "unparseable" };
      completeUpload({ core, now }, container);
      store.putContainer(container);
      return c.json({ success: true, message: "Upload successful." });
    }

    const offset = intHeader(c, "offset");
    const fileSize = intHeader(c, "file_size");
    if (
      offset === undefined ||
      fileSize === undefined ||
      Number.isNaN(offset) ||
      Number.isNaN(fileSize) ||
      fileSize === 0
    ) {
      return failure(c, "The offset and file_size headers are required");
    }
    if (fileSize > maxVideoBytes(container.kind)) return failure(c, "The file is too large");
    if (state.fileSize !== undefined && state.fileSize !== fileSize) {
      return failure(
        c,
        `file_size ${fileSize} does not match the size of this upload (${state.fileSize})`,
      );
    }
    if (state.completedAt !== undefined) {
      return c.json({ success: true, message: "Upload successful." });
    }
    if (offset !== state.committed) {
      // Repeating the same chunk cannot succeed; the client reads where to continue from.
      return failure(c, "Offset mismatch: resume from the container's bytes_transferred", {
        retriable: false,
        type: "OffsetMismatchError",
      });
    }
    if (fault?.partial) {
      // An interrupted chunk (test fault): keep the first half of what was sent, then fail.
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      if (offset + bytes.length > fileSize) return failure(c, "Chunk goes past file_size");
      const kept = bytes.subarray(0, Math.floor(bytes.length / 2));
      state.fileSize = fileSize;
      state.scan = feedMp4Scan(state.scan, kept, offset);
      state.committed = offset + kept.length;
      store.putContainer(container);
      return faultResponse(core, { ...fault, status: fault.status ?? 500 }, "rupload");
    }
    // The bytes are read as they stream in (a request may carry the whole file, up to the
    // video size limit) and only the MP4 boxes the scan needs are kept: memory stays small.
    // What arrived before a broken connection counts, as at Meta (video_status tells how much).
    let received = 0;
    let scan = state.scan;
    let broken = false;
    const reader = c.req.raw.body?.getReader();
    if (reader) {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (offset + received + value.length > fileSize) {
            await reader.cancel().catch(() => undefined);
            return failure(c, "Chunk goes past file_size");
          }
          scan = feedMp4Scan(scan, value, offset + received);
          received += value.length;
        }
      } catch {
        broken = true;
      }
    }
    if (received === 0) return failure(c, "Empty chunk");
    state.fileSize = fileSize;
    state.scan = scan;
    state.committed = offset + received;
    if (state.committed === fileSize) completeUpload({ core, now }, container);
    store.putContainer(container);
    if (broken) return failure(c, "The upload was interrupted", { retriable: true, status: 500 });
    return c.json({ success: true, message: "Upload successful." });
  };
}

/**
 * The largest body one rupload request may carry: a whole video in one request, as Meta's
 * resumable-upload guide shows (reels 300 MB, §2.2). A host that mounts the sandbox gives the
 * rupload path this limit instead of its own small default.
 */
export const RUPLOAD_MAX_BODY_BYTES = Math.max(
  maxVideoBytes("REELS"),
  maxVideoBytes("STORIES"),
  maxVideoBytes("VIDEO"),
);

export function registerRuploadRoutes(app: Hono, core: SandboxCore): void {
  app.post("/rupload.facebook.com/ig-api-upload/*", upload(core));
}
