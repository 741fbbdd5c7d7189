import type { SandboxCore } from "../core/context.ts";
import type { Account, MediaChild, MediaRecord } from "../data/types.ts";
import type { ArtStyle } from "../media/art.ts";

/** Media URLs point at the sandbox's own CDN, which renders the artwork on request. */
export function artUrl(
  core: SandboxCore,
  style: ArtStyle | string,
  id: string,
  width: number,
  height: number,
): string {
  return core.sandboxUrl(`/cdn/art/${style}/${id}.svg?w=${width}&h=${height}`);
}

export function accountStyle(account: Pick<Account, "key">): string {
  return account.key;
}

export function avatarUrl(core: SandboxCore, username: string): string {
  return core.sandboxUrl(`/cdn/avatars/${encodeURIComponent(username)}.svg`);
}

export function mediaUrl(core: SandboxCore, media: MediaRecord, accountKey: string): string {
  if (media.mediaUrl !== undefined) return media.mediaUrl;
  if (media.mediaType === "VIDEO")
    return core.sandboxUrl(
      `/cdn/video/${media.id}.mp4?w=${media.width}&h=${media.height}&d=${media.durationMs ?? 15000}`,
    );
  if (media.mediaType === "CAROUSEL_ALBUM" && media.children?.[0])
    return childUrl(core, media.children[0], accountKey);
  return artUrl(core, accountKey, media.id, media.width, media.height);
}

export function thumbnailUrl(
  core: SandboxCore,
  media: MediaRecord,
  accountKey: string,
): string | undefined {
  if (media.mediaType !== "VIDEO") return undefined;
  return media.thumbnailUrl ?? artUrl(core, accountKey, media.id, media.width, media.height);
}

export function childUrl(core: SandboxCore, child: MediaChild, accountKey: string): string {
  if (child.mediaUrl !== undefined) return child.mediaUrl;
  if (child.mediaType === "VIDEO")
    return core.sandboxUrl(
      `/cdn/video/${child.id}.mp4?w=${child.width}&h=${child.height}&d=${child.durationMs ?? 15000}`,
    );
  return artUrl(core, accountKey, child.id, child.width, child.height);
}

export function permalink(media: Pick<MediaRecord, "productType" | "shortcode">): string {
  return media.productType === "REELS"
    ? `https://www.instagram.com/reel/${media.shortcode}/`
    : `https://www.instagram.com/p/${media.shortcode}/`;
}
