import type { Db } from "@sightline/db";
import type { Logger } from "../../lib/logger.ts";
import type { Clock } from "../../platform/clock.ts";
import { defineJob, type JobDefinition, type JobQueue } from "../../platform/job-queue.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { Storage } from "../../platform/storage.ts";
import type { FetchCdnImage, InstagramContext } from "../instagram/index.ts";

/** What the reports' routes and job work with (built once by the composition root). */
export interface ReportsContext {
  db: Db;
  logger: Logger;
  now: Clock;
  /** Where the scheduled PDFs are e-mailed from (the dev mailbox in the embedded default). */
  mailer: Mailer;
  /** The workspace logo is read from here. */
  storage: Storage;
  /** A period Instagram can still answer but not stored yet is asked, as the dashboard does. */
  instagram: InstagramContext;
  /** Reads a post's thumbnail from Instagram's CDN, with the media proxy's checks and limits. */
  fetchCdnImage: FetchCdnImage;
  queue: JobQueue<ReportsContext>;
  publicUrl: string;
}

export function defineReportsJob<Payload>(
  definition: JobDefinition<Payload, ReportsContext>,
): JobDefinition<Payload, ReportsContext> {
  return defineJob(definition);
}
