import type { Database } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { Clock } from "../../platform/clock.ts";
import type { AppJobQueue } from "../../platform/job-queue.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { ServerFeature } from "../../platform/server-feature.ts";
import type { Storage } from "../../platform/storage.ts";
import type { FetchCdnImage, InstagramContext } from "../instagram/index.ts";
import type { ReportsContext } from "./context.ts";
import { SEND_REPORTS_CRON, sendReportsJob } from "./send-reports.job.ts";

export type { ReportsContext } from "./context.ts";
export { reportRoutes } from "./routes.ts";
export { SENDING_MAX_ATTEMPTS, sendDueReports, sendReportsJob } from "./send-reports.job.ts";

const reportJobs = [sendReportsJob] as const;

/**
 * Client reports (issue 33 points 4-6, decision 038): the routes' context, and the hourly job
 * that e-mails each scheduled report's last complete period as a PDF, once.
 */
export function createReportsFeature(options: {
  database: Database;
  logger: Logger;
  now: Clock;
  mailer: Mailer;
  storage: Storage;
  instagram: InstagramContext;
  /** Reads the top posts' thumbnails from Instagram's CDN (features/instagram). */
  fetchCdnImage: FetchCdnImage;
  queue: AppJobQueue;
  publicUrl: string;
  /** Cron schedules (default true); tests run jobs themselves. */
  schedules?: boolean;
}): { context: ReportsContext; feature: ServerFeature } {
  const queue = options.queue.handle(reportJobs);
  const context: ReportsContext = {
    db: options.database.db,
    logger: options.logger.child({ feature: "reports" }),
    now: options.now,
    mailer: options.mailer,
    storage: options.storage,
    instagram: options.instagram,
    fetchCdnImage: options.fetchCdnImage,
    queue,
    publicUrl: options.publicUrl,
  };
  return {
    context,
    feature: {
      name: "reports",
      registerJobs: (appQueue) => appQueue.register(reportJobs, context),
      start: async () => {
        if (options.schedules === false) return;
        await queue.schedule(sendReportsJob, SEND_REPORTS_CRON, {});
      },
      stop: async () => {},
    },
  };
}
