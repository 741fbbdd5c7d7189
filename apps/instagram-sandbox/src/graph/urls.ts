import { createHmac, timingSafeEqual } from "node:crypto";
import { SANDBOX_CDN_SEGMENT } from "@sightline/instagram-graph";
import type { SandboxCore } from "../core/context.ts";
import { DAY_MS, HOUR_MS } from "../core/time.ts";
import type { Account, MediaChild, MediaRecord } from "../data/types.ts";
import type { ArtStyle } from "../media/art.ts";

/** How long a CDN URL the API hands out stays valid (Meta's `oe`; a few days, §12.7). */
export const CDN_URL_LIFETIME_MS = 3 * DAY_MS;

function cdnSignature(core: SandboxCore, pathAndQuery: string, expires: string): string {
  return createHmac("sha256", core.options.appSecret)
    .update(`cdn|${pathAndQuery}|${expires}`)
    .digest("hex")
    .slice(0, 32);
}

/**
 * A signed, expiring URL on the sandbox's CDN (`/sandbox/scontent.cdninstagram.com/v/...`), the
 * way Meta's `scontent` URLs carry `oe` (expiry, hex seconds) and `oh` (signature). The expiry is
 * rounded up to the hour so a URL stays the same for an hour of calls.
 */
export function cdnUrl(core: SandboxCore, path: string): string {
  const expiresMs = Math.ceil((core.now() + CDN_URL_LIFETIME_MS) / HOUR_MS) * HOUR_MS;
  const oe = Math.floor(expiresMs / 1000).toString(16);
  const separator = path.includes("?") ? "&" : "?";
  const signed = `${path}${separator}oe=${oe}`;
  return core.sandboxUrl(`/${SANDBOX_CDN_SEGMENT}/v${signed}&oh=${cdnSignature(core, path, oe)}`);
}

/** Why a CDN request is refused (a 403, as Meta's CDN answers), or undefined when it is good. */
export function checkCdnUrl(
  core: SandboxCore,
  pathAndQuery: string,
): "URL signature expired" | "Bad URL hash" | undefined {
  const url = new URL(pathAndQuery, "http://cdn.invalid");
  const oe = url.searchParams.get("oe") ?? "";
  const oh = url.searchParams.get("oh") ?? "";
  url.searchParams.delete("oe");
  url.searchParams.delete("oh");
  const path = `${url.pathname}${url.search}`;
  const expected = Buffer.from(cdnSignature(core, path, oe));
  const given = Buffer.from(oh);
  if (
    !/^[0-9a-f]{1,12}$/.test(oe) ||
    given.length !== expected.length ||
    !timingSafeEqual(given, expected)
  ) {
    return "Bad URL hash";
  }
  if (Number.parseInt(oe, 16) * 1000 <= core.now()) return "URL signature expired";
  return undefined;
}

/** Media URLs point at the sandbox's CDN, which renders the artwork on request. */
export function artUrl(
  core: SandboxCore,
  style: ArtStyle | string,
  id: string,
  width: number,
  height: number,
): string {
  return cdnUrl(core, `/art/${style}/${id}.svg?w=${width}&h=${height}`);
}

export function videoUrl(
  core: SandboxCore,
  id: string,
  width: number,
  height: number,
  durationMs: number,
): string {
  return cdnUrl(core, `/video/${id}.mp4?w=${width}&h=${height}&d=${durationMs}`);
}

export function accountStyle(account: Pick<Account, "key">): string {
  return account.key;
}

export function avatarUrl(core: SandboxCore, username: string): string {
  return cdnUrl(core, `/avatars/${encodeURIComponent(username)}.svg`);
}

/**
 * Never the URL the publisher uploaded from (§12.7): posts published through the API are served
 * from the CDN like every other post (as generated artwork of the same size).
 */
export function mediaUrl(core: SandboxCore, media: MediaRecord, accountKey: string): string {
  if (media.mediaType === "VIDEO")
    return videoUrl(core, media.id, media.width, media.height, media.durationMs ?? 15000);
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
  return artUrl(core, accountKey, media.id, media.width, media.height);
}

export function childUrl(core: SandboxCore, child: MediaChild, accountKey: string): string {
  if (child.mediaType === "VIDEO")
    return videoUrl(core, child.id, child.width, child.height, child.durationMs ?? 15000);
  return artUrl(core, accountKey, child.id, child.width, child.height);
}

export function permalink(media: Pick<MediaRecord, "productType" | "shortcode">): string {
  return media.productType === "REELS"
    ? `https://www.instagram.com/reel/${media.shortcode}/`
    : `https://www.instagram.com/p/${media.shortcode}/`;
}
