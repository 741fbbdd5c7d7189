import { ImageOff } from "lucide-react";
import { useState } from "react";
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

/** A top post's picture; a neutral box when Instagram has none or it fails to load. */
export function ReportPostThumbnail({ src }: { src: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) {
    return (
      <span
        data-thumbnail="missing"
        className="flex size-10 min-w-10 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-400"
      >
        <ImageOff aria-hidden="true" className="size-4" />
      </span>
    );
  }
  return (
    <img
      key={src}
      src={src}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(src)}
      data-thumbnail="image"
      // max-w-none: preflight's max-width 100% lets a squeezed table cell shrink it to nothing.
      className="size-10 max-w-none shrink-0 rounded-md bg-slate-100 object-cover"
    />
  );
}
