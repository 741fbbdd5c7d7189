import { afterEach, beforeEach, vi } from "vitest";

/** House rule 8: a test that logs an unexpected console error fails. */
let errors: unknown[][] = [];
let spy: ReturnType<typeof vi.spyOn> | undefined;

beforeEach(() => {
  errors = [];
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  spy?.mockRestore();
  if (errors.length > 0) {
    const first = errors[0]?.map(String).join(" ");
    throw new Error(`Unexpected console.error during the test: ${first}`);
  }
});
