import { afterEach, expect, it, vi } from "vitest";

const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };

afterEach(() => {
  vi.resetModules();
  if (zodGlobal.__zod_globalConfig) delete zodGlobal.__zod_globalConfig.jitless;
});

it("turns off Zod's eval probe in a Zod already loaded", async () => {
  const { config } = await import("zod");
  expect(config().jitless).toBeUndefined();
  await import("./zod-config.ts");
  expect(config().jitless).toBe(true);
});

it("leaves the setting where a Zod loaded afterwards reads it", async () => {
  const saved = zodGlobal.__zod_globalConfig;
  delete zodGlobal.__zod_globalConfig;
  try {
    await import("./zod-config.ts");
    // Zod's core keeps `globalThis.__zod_globalConfig` when it exists (`??=`) and reads it.
    expect(zodGlobal.__zod_globalConfig).toEqual({ jitless: true });
  } finally {
    zodGlobal.__zod_globalConfig = saved;
  }
});
