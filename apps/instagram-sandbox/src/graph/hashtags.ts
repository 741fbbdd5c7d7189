import { numericId, shortcode } from "../core/ids.ts";
import { createRng, hashUnit } from "../core/prng.ts";
import { DAY_MS, HOUR_MS, startOfUtcDay } from "../core/time.ts";
import { bakerVoice, coffeeVoice, lenaVoice } from "../data/corpus.ts";
import type { MediaType, ProductType } from "../data/types.ts";
import type { ArtStyle } from "../media/art.ts";
import type { Store } from "../state/store.ts";

/** §7.2 — hashtag ids are global (not per seed), so derive them from the name. */
export function hashtagIdFor(name: string): string {
  return numericId(createRng("hashtag-id", name.toLowerCase()), "17843", 17);
}

const extraTags = [
  "coffee",
  "pottery",
  "ceramics",
  "handmade",
  "latte",
  "sourdough",
  "stoneware",
  "mug",
  "baking",
  "slowliving",
  "interiordesign",
  "smallbusiness",
];
const knownNames = [
  ...new Set(
    [
      ...lenaVoice.hashtags,
      ...coffeeVoice.hashtags,
      ...bakerVoice.hashtags,
      ...lenaVoice.signatureTags,
      ...coffeeVoice.signatureTags,
    ]
      .map((tag) => tag.replace(/^#/, "").toLowerCase())
      .concat(extraTags),
  ),
];

const registries = new WeakMap<Store, Map<string, string>>();

function registry(store: Store): Map<string, string> {
  let map = registries.get(store);
  if (!map) {
    map = new Map(knownNames.map((name) => [hashtagIdFor(name), name]));
    for (const search of store.dyn.hashtagSearches) map.set(search.hashtagId, search.name);
    registries.set(store, map);
  }
  return map;
}

export function hashtagNameById(store: Store, id: string): string | undefined {
  return registry(store).get(id);
}

export function registerHashtag(store: Store, name: string): string {
  const id = hashtagIdFor(name);
  registry(store).set(id, name.toLowerCase());
  return id;
}

export function isKnownHashtag(name: string): boolean {
  return knownNames.includes(name.toLowerCase());
}

export function styleForHashtag(name: string): ArtStyle {
  const lower = name.toLowerCase();
  if (/coffee|espresso|latte|roast|brew|v60|pourover|cafe/.test(lower)) return "coffee";
  if (/bread|bake|sourdough|loaf|bakery|yeast/.test(lower)) return "bakery";
  if (/ceramic|pottery|clay|kiln|glaze|stoneware|mug|keramik|wheel/.test(lower)) return "ceramics";
  return "lifestyle";
}

export type HashtagMedia = {
  id: string;
  caption: string;
  mediaType: MediaType;
  productType: ProductType;
  timestamp: number;
  shortcode: string;
  likeCount: number;
  commentsCount: number;
  art: number;
  children?: Array<{ id: string; mediaType: "IMAGE" | "VIDEO" }>;
};

/**
 * Public posts for a hashtag: `top` spans the last weeks, `recent` the last 24 h (§7.2). The
 * day's batch is fixed by (seed, tag, day), filtered to what exists at `now`.
 */
export function hashtagMedia(
  seed: number,
  name: string,
  kind: "top" | "recent",
  now: number,
): HashtagMedia[] {
  const day = startOfUtcDay(now);
  const rng = createRng(seed, "hashtag-media", name.toLowerCase(), kind, day);
  const popularity = isKnownHashtag(name)
    ? 0.6 + hashUnit(name, "pop") * 0.4
    : hashUnit(name, "pop") * 0.15;
  const count = kind === "top" ? Math.round(20 + popularity * 30) : Math.round(popularity * 90);
  const items: HashtagMedia[] = [];
  for (let index = 0; index < count; index++) {
    const mediaKind = rng.weighted([
      ["IMAGE", 5],
      ["CAROUSEL_ALBUM", 3],
      ["REELS", 2],
    ] as const);
    const timestamp =
      kind === "top"
        ? day - rng.int(1, 30) * DAY_MS + rng.int(0, 23) * HOUR_MS
        : day - DAY_MS + rng.int(0, 2 * 24 * 60) * 60_000;
    const likeCount = Math.round(
      rng.logNormal(kind === "top" ? 2400 : 35, 0.9) * (0.3 + popularity),
    );
    const item: HashtagMedia = {
      id: numericId(rng, "179", 17),
      caption: `${rng.pick(["Loving this", "Today's favourite", "New in", "Weekend vibes", "Fresh batch", "Morning ritual"])} #${name}`,
      mediaType: mediaKind === "REELS" ? "VIDEO" : mediaKind,
      productType: mediaKind === "REELS" ? "REELS" : "FEED",
      timestamp,
      shortcode: shortcode(rng),
      likeCount,
      commentsCount: Math.round(likeCount * rng.float(0.01, 0.05)),
      art: rng.int(0, 2 ** 31),
    };
    if (mediaKind === "CAROUSEL_ALBUM") {
      item.children = Array.from({ length: rng.int(2, 5) }, () => ({
        id: numericId(rng, "179", 17),
        mediaType: "IMAGE" as const,
      }));
    }
    items.push(item);
  }
  const visible = items.filter(
    (item) => item.timestamp <= now && (kind === "top" || item.timestamp >= now - DAY_MS),
  );
  return kind === "top"
    ? visible.sort((a, b) => b.likeCount - a.likeCount)
    : visible.sort((a, b) => b.timestamp - a.timestamp);
}
