import type { PlanId } from "@sightline/contracts";
import {
  type ClientReportRow,
  findAccountPost,
  type InstagramConnectionRow,
  listInstagramConnections,
} from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import { dateOf } from "../../platform/clock.ts";
import { listTopPosts, periodInHistory } from "../analytics/index.ts";
import { type CdnImage, type CdnImageOptions, mediaThumbnailUrl } from "../instagram/index.ts";
import type { ReportsContext } from "./context.ts";
import type { ReportData } from "./report-data.ts";
import { isPdfImage } from "./report-pdf.ts";
import type { ReportPeriod } from "./report-period.ts";

/** pdfkit draws JPEG and PNG only; Meta's CDN (and the sandbox's) is asked for those. */
const PDF_IMAGE_TYPES = ["image/jpeg", "image/png"] as const;
/** Thumbnails read at once for one PDF, and the time they get together. */
const PDF_THUMBNAIL_CONCURRENCY = 3;
const PDF_THUMBNAIL_BUDGET_MS = 8_000;

type Deps = Pick<ReportsContext, "db" | "instagram" | "now" | "fetchCdnImage" | "logger">;
type Scope = { workspaceId: string; accountId: string };

const notInReport = () => new AppError("not_found", "This post is not in the report.");

/**
 * A post's image as the report's web view shows it (issue 33 point 4): only a post among the
 * report's top posts by reach, for one of its accounts, in the period shown (the same list the
 * report's figures come from, analytics' listTopPosts); any other post is a 404, so a Client
 * who may open the report reads no other picture of the workspace's. Read through the media
 * proxy's fetch (Meta's CDN only, size, type and time limits).
 */
export async function reportPostThumbnail(
  ctx: Deps,
  workspace: { id: string; plan: PlanId },
  report: ClientReportRow,
  period: ReportPeriod,
  postId: string,
): Promise<CdnImage> {
  if (!(report.sections as string[]).includes("top-posts")) throw notInReport();
  const zone = report.timeZone;
  // The period must be inside the plan's history, as for the report's figures (403 otherwise).
  periodInHistory(workspace.plan, period, dateOf(ctx.now), zone);
  const connections = await listInstagramConnections(ctx.db, workspace.id);
  for (const accountId of report.accountIds) {
    const connection = connections.find((row) => row.instagramId === accountId);
    if (!connection) continue;
    const scope = { workspaceId: workspace.id, accountId };
    const top = await listTopPosts(ctx.db, scope, period, zone);
    if (!top.some((post) => post.igMediaId === postId)) continue;
    const image = await readPostImage(ctx, connection, scope, postId);
    if (!image) throw new AppError("not_found", "Instagram has no image for this post.");
    return image;
  }
  throw notInReport();
}

/**
 * The post's image through the media proxy's fetch, from the URL the sync stored while it is
 * good. A stored address the fetch refuses (the sandbox's origin changed since the sync, a host
 * that is no longer Meta's CDN) is asked of Instagram again, once. Null: Instagram has none.
 */
async function readPostImage(
  ctx: Deps,
  connection: InstagramConnectionRow,
  scope: Scope,
  postId: string,
  options: CdnImageOptions = {},
): Promise<CdnImage | null> {
  const stored = (await findAccountPost(ctx.db, scope, postId)) ?? null;
  const url = await mediaThumbnailUrl(ctx.instagram, connection, scope, postId, stored);
  if (!url) return null;
  try {
    return await ctx.fetchCdnImage(url, options);
  } catch (error) {
    if (!refused(error)) throw error;
    if (stored && url === stored.thumbnailUrl) {
      const fresh = await mediaThumbnailUrl(ctx.instagram, connection, scope, postId, {
        thumbnailUrl: null,
      });
      if (!fresh) return null;
      try {
        return await ctx.fetchCdnImage(fresh, options);
      } catch (again) {
        if (!refused(again)) throw again;
      }
    }
    // The address came from Instagram, not from the request: refusing it is Instagram's fault.
    throw new AppError("bad_gateway", "Instagram gave an image address off its CDN.");
  }
}

function refused(error: unknown): boolean {
  return error instanceof AppError && error.code === "bad_request";
}

/**
 * The PDF's thumbnails of every account's top posts, by post id: JPEG or PNG bytes pdfkit can
 * draw. Read a few at a time within one time budget for the whole report; a post whose image
 * fails, is of another type or is still loading when the budget ends is left out (the PDF draws
 * a placeholder box): a thumbnail never stops a report.
 */
export async function topPostThumbnails(
  ctx: Deps,
  workspaceId: string,
  data: ReportData,
  options: { budgetMs?: number; concurrency?: number } = {},
): Promise<Map<string, Uint8Array>> {
  const images = new Map<string, Uint8Array>();
  if (!data.report.sections.includes("top-posts")) return images;
  const connections = await listInstagramConnections(ctx.db, workspaceId);
  const queue: Array<{ connection: InstagramConnectionRow; postId: string }> = [];
  for (const account of data.accounts) {
    if (!account.connected) continue;
    const connection = connections.find((row) => row.instagramId === account.accountId);
    if (!connection) continue;
    for (const post of account.overview.topPosts) queue.push({ connection, postId: post.id });
  }
  if (queue.length === 0) return images;

  const budget = new AbortController();
  const timer = setTimeout(
    () => budget.abort(new Error("thumbnail budget spent")),
    options.budgetMs ?? PDF_THUMBNAIL_BUDGET_MS,
  );
  const worker = async () => {
    for (let next = queue.shift(); next && !budget.signal.aborted; next = queue.shift()) {
      const { connection, postId } = next;
      try {
        const scope = { workspaceId, accountId: connection.instagramId };
        const image = await readPostImage(ctx, connection, scope, postId, {
          types: PDF_IMAGE_TYPES,
          signal: budget.signal,
        });
        if (image && isPdfImage(image.body) && !budget.signal.aborted) {
          images.set(postId, image.body);
        }
      } catch (error) {
        ctx.logger.info(
          { postId, reason: error instanceof Error ? error.message : String(error) },
          "report thumbnail left out of the PDF",
        );
      }
    }
  };
  const spent = new Promise<void>((resolve) =>
    budget.signal.addEventListener("abort", () => resolve(), { once: true }),
  );
  try {
    const workers = Array.from(
      { length: Math.min(options.concurrency ?? PDF_THUMBNAIL_CONCURRENCY, queue.length) },
      worker,
    );
    // A Graph call that hangs past the budget does not hold the PDF: what arrived is drawn.
    await Promise.race([Promise.all(workers), spent]);
  } finally {
    clearTimeout(timer);
    budget.abort(new Error("report drawn"));
  }
  return new Map(images);
}
