import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { generateWorld, WORLD_GENERATOR_VERSION } from "../data/generate-world.ts";
import type { SandboxLogger } from "../logger.ts";
import { loadOrGenerateWorld, worldCacheFile } from "./world-cache.ts";

const anchorDay = Date.UTC(2026, 10, 25);
let dir: string;
let file: string;
let warnings: string[];
const logger: SandboxLogger = {
  info() {},
  warn(_fields, message) {
    warnings.push(message);
  },
  error() {},
};

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sandbox-world-cache-"));
  file = worldCacheFile(path.join(dir, "instagram-sandbox.json"));
  warnings = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const load = (seed = 42, day = anchorDay) =>
  loadOrGenerateWorld({ file, seed, anchorDay: day, logger });
const cacheOnDisk = () => JSON.parse(readFileSync(file, "utf8"));

// Each test generates a few worlds (a few hundred ms each on a loaded machine).
describe("the sandbox's world cache", { timeout: 30_000 }, () => {
  it("lives beside the state file", () => {
    expect(worldCacheFile("/data/instagram-sandbox.json")).toBe(
      "/data/instagram-sandbox.world.json",
    );
  });

  it("is written on the first start and read back, identical, on the next", () => {
    const first = load();
    expect(first.source).toBe("generated");
    expect(cacheOnDisk()).toMatchObject({
      generator: WORLD_GENERATOR_VERSION,
      seed: 42,
      anchorDay,
    });
    const second = load();
    expect(second.source).toBe("cache");
    expect(second.world).toStrictEqual(generateWorld(42, anchorDay));
    expect(warnings).toEqual([]);
  });

  it("is rebuilt when the generator's version, the seed or the day changed", () => {
    load();
    writeFileSync(
      file,
      JSON.stringify({ ...cacheOnDisk(), generator: WORLD_GENERATOR_VERSION - 1 }),
    );
    expect(load().source).toBe("generated");
    expect(cacheOnDisk().generator).toBe(WORLD_GENERATOR_VERSION);
    expect(load().source).toBe("cache");

    const otherSeed = load(7);
    expect(otherSeed.source).toBe("generated");
    expect(otherSeed.world.seed).toBe(7);
    const nextDay = load(7, anchorDay + 86_400_000);
    expect(nextDay.source).toBe("generated");
    expect(cacheOnDisk()).toMatchObject({ seed: 7, anchorDay: anchorDay + 86_400_000 });
  });

  it("is rebuilt, not fatal, when the file is damaged", () => {
    load();
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.slice(0, text.length / 2));
    const damaged = load();
    expect(damaged.source).toBe("generated");
    expect(damaged.world).toStrictEqual(generateWorld(42, anchorDay));
    expect(warnings).toEqual(["sandbox world cache is unreadable; generating the world again"]);
    expect(load().source).toBe("cache");

    writeFileSync(file, JSON.stringify({ generator: WORLD_GENERATOR_VERSION, seed: 42 }));
    expect(load().source).toBe("generated");
  });

  it("without a file, generates every time", () => {
    const result = loadOrGenerateWorld({ file: undefined, seed: 42, anchorDay, logger });
    expect(result.source).toBe("generated");
  });
});
