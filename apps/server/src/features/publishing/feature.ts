import type { ServerFeature } from "../../platform/server-feature.ts";
import type { InstagramContext } from "../instagram/index.ts";
import { publishingJobs, schedulePublishingJobs } from "./jobs/index.ts";

/**
 * Publishing's part in the composition root: it registers its jobs (`publishing-publish-post`,
 * `publishing-sweep`) on the app's one queue, run with the Instagram context they need (Graph
 * client, vault, storage), and schedules the sweep. The Instagram context's queue handle sends
 * and waits for them (the root hands it `publishingJobs`), so scheduling queues a post through
 * it.
 */
export function createPublishingFeature(options: {
  instagram: InstagramContext;
  /** Cron schedules (default true); tests run jobs themselves. */
  schedules?: boolean;
}): ServerFeature {
  return {
    name: "publishing",
    registerJobs: (queue) => queue.register(publishingJobs, options.instagram),
    start: async () => {
      if (options.schedules === false) return;
      await schedulePublishingJobs(options.instagram.queue);
    },
    stop: async () => {},
  };
}
