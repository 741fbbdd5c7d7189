import { expect, it } from "vitest";

const sources = import.meta.glob(["../**/*.tsx", "!../**/*.test.tsx"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

it("leaves focusing a new element to focusOnMount: no source uses autoFocus", () => {
  const users = Object.entries(sources)
    .filter(([, text]) => /\bautoFocus\b/.test(text))
    .map(([file]) => file);
  expect(Object.keys(sources).length).toBeGreaterThan(100);
  expect(users).toEqual([]);
});
