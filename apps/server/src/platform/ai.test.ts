import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { writeJsonWithAi } from "./ai.ts";

describe("the model's deadline", () => {
  it("gives up on a model that does not answer, so a page never waits on it", async () => {
    const model = new MockLanguageModelV4({
      doGenerate: (options) =>
        new Promise((_resolve, reject) => {
          options.abortSignal?.addEventListener("abort", () => reject(new Error("aborted")));
        }),
    });
    const started = Date.now();
    await expect(
      writeJsonWithAi(
        { label: "mock: silent", model },
        {
          instructions: "Answer.",
          messages: [{ role: "user", content: "Hello" }],
          schema: z.object({ ok: z.boolean() }),
          timeoutMs: 100,
        },
      ),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
