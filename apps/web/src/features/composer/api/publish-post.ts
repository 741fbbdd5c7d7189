import type { PublishNowRequest } from "@sightline/contracts";
import { api, unwrap } from "../../../lib/api-client.ts";
import { subscribeRealtime } from "../../../lib/realtime/realtime-client.ts";

/** POST /api/scheduled-posts/publish-now → 202 {post} in status publishing. */
export function publishNow(body: PublishNowRequest) {
  return unwrap(api["scheduled-posts"]["publish-now"].$post({ json: body }));
}

/** GET /api/scheduled-posts/:id → {post, attempts}. */
export function getScheduledPost(id: string) {
  return unwrap(api["scheduled-posts"][":id"].$get({ param: { id } }));
}

export type PublishOutcome =
  | { status: "published" }
  | { status: "failed"; error: string }
  | { status: "pending" };

const POLL_MS = 3_000;
/** Spec §9: video processing is polled up to 30 × 2 s; leave room for uploads and retries. */
const GIVE_UP_MS = 5 * 60_000;

/**
 * Waits until the post is published or failed: the `scheduled-posts:updated` event says when
 * to look, and a slow poll covers a dropped live stream.
 */
export function waitForPublishOutcome(id: string): Promise<PublishOutcome> {
  return new Promise((resolve) => {
    let finished = false;
    let checking = false;
    const finish = (outcome: PublishOutcome) => {
      if (finished) return;
      finished = true;
      unsubscribe();
      clearInterval(poll);
      clearTimeout(giveUp);
      resolve(outcome);
    };
    const check = async () => {
      if (finished || checking) return;
      checking = true;
      try {
        const { post, attempts } = await getScheduledPost(id);
        if (post.status === "published") finish({ status: "published" });
        else if (post.status === "failed") {
          const last = [...attempts].reverse().find((a) => a.message)?.message;
          finish({
            status: "failed",
            error: post.error ?? last ?? "Instagram did not accept the post.",
          });
        }
      } catch {
        // A passing network error: the next event or poll looks again.
      } finally {
        checking = false;
      }
    };
    const unsubscribe = subscribeRealtime("scheduled-posts:updated", (data) => {
      if (data.id === id) void check();
    });
    const poll = setInterval(() => void check(), POLL_MS);
    const giveUp = setTimeout(() => finish({ status: "pending" }), GIVE_UP_MS);
    void check();
  });
}
