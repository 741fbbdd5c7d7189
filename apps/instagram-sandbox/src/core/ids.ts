import { createRng, type Rng } from "./prng.ts";

/**
 * §0 — IDs are numeric strings, 17 digits for accounts, media, comments and containers. The
 * prefix keeps kinds apart so a collision across kinds is impossible.
 */
export function numericId(rng: Rng, prefix: string, length = 17): string {
  return prefix + rng.digits(length - prefix.length);
}

/** Message and conversation IDs look like base64 of an `ig_…` key (`aWdf…`). */
export function base64Id(key: string): string {
  return Buffer.from(key, "utf8").toString("base64").replace(/=+$/, "");
}

/** Shortcodes for permalinks: 11 characters of Instagram's base64 alphabet. */
export function shortcode(rng: Rng): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let code = "";
  for (let index = 0; index < 11; index++) code += alphabet[Math.floor(rng.next() * 64)];
  return code;
}

/**
 * IDs minted at run time (containers, published media, new comments and messages). Counter-based
 * and persisted, so a restarted sandbox continues the same sequence.
 */
export function runtimeRng(seed: number, counter: number): Rng {
  return createRng(seed, "runtime-id", counter);
}
