import { useState } from "react";
import { cn } from "../../../utils/cn.ts";
import { initialsOf } from "../utils/connection-details.ts";

/**
 * The connected account's picture, through our media proxy, with initials when it fails.
 * Stand-in until the shared avatar component (with spec §8's failure chain) lands: swap it here.
 */
export function ConnectionAvatar({
  pictureUrl,
  name,
  username,
  className,
}: {
  pictureUrl: string | null;
  name: string | null;
  username: string;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showPicture = pictureUrl !== null && failedUrl !== pictureUrl;
  return (
    <span
      className={cn(
        "flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br from-brand-500 to-accent-pink text-lg font-semibold text-white ring-2 ring-white ring-offset-2 ring-offset-brand-100",
        className,
      )}
    >
      {showPicture ? (
        <img
          src={`/api/functions/instagram-media-proxy?src=${encodeURIComponent(pictureUrl)}`}
          alt=""
          className="size-full object-cover"
          onError={() => setFailedUrl(pictureUrl)}
        />
      ) : (
        <span aria-hidden="true">{initialsOf(name, username)}</span>
      )}
    </span>
  );
}
