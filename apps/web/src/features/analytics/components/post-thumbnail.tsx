import type { AnalyticsPostType } from "@sightline/contracts";
import {
  CircleDashed,
  Clapperboard,
  Film,
  Images,
  type LucideIcon,
  Image as PhotoIcon,
} from "lucide-react";
import { useState } from "react";
import { withAccount } from "../../../lib/account.ts";
import { cn } from "../../../utils/cn.ts";

const typeIcons: Record<AnalyticsPostType, LucideIcon> = {
  IMAGE: PhotoIcon,
  CAROUSEL_ALBUM: Images,
  REELS: Clapperboard,
  VIDEO: Film,
  STORY: CircleDashed,
};

/**
 * A synced post's current image: the server asks Instagram for a fresh CDN address (they expire)
 * and redirects through the media proxy (spec §5). Loaded only when in view; the type's icon
 * when Instagram has no image or it fails.
 */
export function analyticsThumbnailUrl(igMediaId: string): string {
  // An image sends no header: the address names the account the page shows (issue 29).
  return withAccount(`/api/content-calendar/media/${encodeURIComponent(igMediaId)}/thumbnail`);
}

export function PostThumbnail({
  id,
  type,
  className,
}: {
  id: string;
  type: AnalyticsPostType;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const Icon = typeIcons[type];
  if (failed === id) {
    return (
      <span
        data-thumbnail="missing"
        className={cn(
          "flex shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400",
          className,
        )}
      >
        <Icon aria-hidden="true" className="size-1/3 max-h-8 max-w-8" />
      </span>
    );
  }
  return (
    <img
      key={id}
      src={analyticsThumbnailUrl(id)}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => setFailed(id)}
      data-thumbnail="image"
      className={cn("shrink-0 rounded-lg bg-slate-100 object-cover", className)}
    />
  );
}
