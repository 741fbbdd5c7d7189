import { withWorkspace } from "../../../lib/workspace.ts";

/**
 * GET /api/reports/:id/posts/:postId/thumbnail: a top post's image for an `<img>`, read by the
 * server through the media proxy's fetch. It names the period shown (the server checks the post
 * is among that period's top posts) and the workspace, since an image sends no header.
 */
export function reportPostThumbnailUrl(
  reportId: string,
  postId: string,
  period: { from: string; to: string },
): string {
  const query = new URLSearchParams({ from: period.from, to: period.to });
  return withWorkspace(
    `/api/reports/${encodeURIComponent(reportId)}/posts/${encodeURIComponent(postId)}/thumbnail?${query}`,
  );
}
