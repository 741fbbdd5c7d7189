import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { generateWorld, WORLD_GENERATOR_VERSION } from "../data/generate-world.ts";
import type { World } from "../data/types.ts";
import type { SandboxLogger } from "../logger.ts";

/*
 * The generated world, cached next to the sandbox's state file (issue 27, decision 025), so a
 * start reads it back instead of generating it again. The cache is keyed by everything the world
 * depends on: the generator's version, the seed and the anchor day. A cache made by another
 * version or for another seed or day, or one that cannot be read, is replaced by a newly
 * generated world; it is never fatal.
 */

type CacheFile = { generator: number; seed: number; anchorDay: number; world: World };

/** `…/instagram-sandbox.json` → `…/instagram-sandbox.world.json`. */
export function worldCacheFile(stateFile: string): string {
  return `${stateFile.replace(/\.json$/, "")}.world.json`;
}

export type WorldSource = "cache" | "generated";

/** The world for this seed and day: read from `file` when it holds that one, else generated. */
export function loadOrGenerateWorld(options: {
  file: string | undefined;
  seed: number;
  anchorDay: number;
  logger: SandboxLogger;
}): { world: World; source: WorldSource } {
  const { file, seed, anchorDay, logger } = options;
  if (file) {
    const cached = readCache(file, logger);
    if (
      cached &&
      cached.generator === WORLD_GENERATOR_VERSION &&
      cached.seed === seed &&
      cached.anchorDay === anchorDay
    ) {
      return { world: cached.world, source: "cache" };
    }
  }
  const world = generateWorld(seed, anchorDay);
  if (file)
    writeCache(file, { generator: WORLD_GENERATOR_VERSION, seed, anchorDay, world }, logger);
  return { world, source: "generated" };
}

function readCache(file: string, logger: SandboxLogger): CacheFile | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<CacheFile>;
    const world = parsed.world as Partial<World> | undefined;
    if (
      typeof parsed.generator === "number" &&
      typeof parsed.seed === "number" &&
      typeof parsed.anchorDay === "number" &&
      world &&
      Array.isArray(world.accounts) &&
      Array.isArray(world.media) &&
      Array.isArray(world.comments) &&
      Array.isArray(world.messages)
    ) {
      return parsed as CacheFile;
    }
  } catch {
    // not JSON: a truncated or damaged file
  }
  logger.warn({ file }, "sandbox world cache is unreadable; generating the world again");
  return undefined;
}

/** Written to a temporary file, then renamed over the old one: never half a cache. */
function writeCache(file: string, cache: CacheFile, logger: SandboxLogger): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temporary, JSON.stringify(cache), { mode: 0o600 });
    renameSync(temporary, file);
  } catch (error) {
    // A read-only folder only costs the next start the generation.
    logger.warn({ file, error: String(error) }, "could not write the sandbox world cache");
  }
}
