import { UserRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { cn } from "../../../utils/cn.ts";
import { getInstagramUserProfilePicture } from "../api/get-instagram-user-profile.ts";
import { lookupInstagramUserPicture } from "../api/lookup-instagram-user.ts";
import { type AvatarChainState, retryAvatar, startAvatarChain } from "../utils/avatar-chain.ts";

export type InstagramAvatarProps = {
  src: string | null | undefined;
  /** Instagram-scoped id: lets a failed picture be refreshed (spec §8). */
  igsid?: string | undefined;
  /** Lets a failed picture be looked up publicly (spec §8). */
  username?: string | undefined;
  alt: string;
  /** Width and height in pixels. */
  size?: number;
  className?: string;
  /** Called once, when every fallback failed and the initials are shown. */
  onError?: () => void;
};

function initialsOf(alt: string, username: string | undefined): string {
  // "@lena.makes" is Lena's handle: its initial is L, not the @.
  const words = alt
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^@+/, ""))
    .filter(Boolean);
  if (words.length > 0) {
    return words
      .slice(0, 2)
      .map((word) => Array.from(word)[0])
      .join("")
      .toUpperCase();
  }
  return (Array.from(username ?? "")[0] ?? "").toUpperCase();
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * An Instagram user's picture through the media proxy (spec §5), with the failure chain of §8
 * and the initials when nothing loads. A new `src` starts over.
 */
export function InstagramAvatar(props: InstagramAvatarProps) {
  return <AvatarImage key={props.src ?? ""} {...props} />;
}

function AvatarImage({
  src,
  igsid,
  username,
  alt,
  size = 40,
  className,
  onError,
}: InstagramAvatarProps) {
  const [view, setView] = useState<{ state: AvatarChainState; url: string | null }>(() => {
    const state = startAvatarChain(src, window.location.origin);
    return { state, url: state.attempt?.url ?? null };
  });
  const [isLoaded, setIsLoaded] = useState(false);
  const isRetrying = useRef(false);
  const isMounted = useRef(true);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  async function handleImageError() {
    // A broken image can report more than once; one chain at a time.
    if (isRetrying.current) return;
    isRetrying.current = true;
    setIsLoaded(false);
    const next = await retryAvatar(view.state, {
      igsid,
      username,
      origin: window.location.origin,
      refreshPicture: getInstagramUserProfilePicture,
      lookupPicture: lookupInstagramUserPicture,
      wait,
      now: Date.now,
    });
    if (!isMounted.current) return;
    isRetrying.current = false;
    setView(next);
    if (next.url === null) onError?.();
  }

  const frame = cn(
    "relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-100 font-semibold text-slate-600 ring-1 ring-inset ring-slate-200 select-none",
    className,
  );
  const style = { width: size, height: size, fontSize: Math.max(10, Math.round(size * 0.38)) };
  const initials = initialsOf(alt, username);
  const placeholder = (
    <span aria-hidden="true" className="leading-none">
      {initials || <UserRound className="size-[55%]" strokeWidth={1.75} />}
    </span>
  );

  if (view.url === null) {
    return (
      <span
        role="img"
        aria-label={alt}
        className={frame}
        style={style}
        data-igsid={igsid}
        data-username={username}
      >
        {placeholder}
      </span>
    );
  }
  return (
    <span className={frame} style={style}>
      {placeholder}
      <img
        src={view.url}
        alt={alt}
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        data-igsid={igsid}
        data-username={username}
        className={cn(
          "absolute inset-0 size-full object-cover transition-opacity",
          isLoaded ? "opacity-100" : "opacity-0",
        )}
        onLoad={() => setIsLoaded(true)}
        onError={() => void handleImageError()}
      />
    </span>
  );
}
