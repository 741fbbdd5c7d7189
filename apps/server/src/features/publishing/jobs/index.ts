import type { JobQueue } from "../../../platform/job-queue.ts";
import type { InstagramContext } from "../../instagram/index.ts";
import { PREPARE_LEAD_MS, PREPARE_MIN_AHEAD_MS } from "../publish-service.ts";
import { preparePostJob } from "./prepare-post.job.ts";
import { publishPostJob } from "./publish-post.job.ts";
import { PUBLISH_SWEEP_CRON, publishSweepJob } from "./publish-sweep.job.ts";

/** The publishing jobs; they run with the Instagram context (its Graph client and vault). */
export const publishingJobs = [publishPostJob, preparePostJob, publishSweepJob];

export async function schedulePublishingJobs(queue: JobQueue<InstagramContext>) {
  await queue.schedule(publishSweepJob, PUBLISH_SWEEP_CRON, {});
  // Anything due while the server was down goes out now.
  await queue.send(publishSweepJob, {});
}

/**
 * Hands a post to the publish job for its time (at once when it is due), and, when it is due
 * far enough ahead, to the prepare job PREPARE_LEAD_MS before it, which makes its containers
 * so that the publish is on time (issue 27 point 6).
 */
export async function sendPublishJobs(
  queue: JobQueue<InstagramContext>,
  post: { id: string; scheduledTime: Date },
  now: number,
): Promise<void> {
  const due = post.scheduledTime.getTime();
  await queue.send(
    publishPostJob,
    { postId: post.id },
    due > now ? { startAt: post.scheduledTime } : {},
  );
  if (due - now >= PREPARE_MIN_AHEAD_MS) {
    await queue.send(
      preparePostJob,
      { postId: post.id },
      { startAt: new Date(Math.max(now, due - PREPARE_LEAD_MS)) },
    );
  }
}

export { preparePostJob } from "./prepare-post.job.ts";
export { publishPostJob } from "./publish-post.job.ts";
