import { expect, it } from "vitest";
import { isTestFile, webSources } from "../testing/web-sources.ts";

const sources = webSources((file) => file.endsWith(".tsx") && !isTestFile(file));

it("leaves focusing a new element to focusOnMount: no source uses autoFocus", () => {
  const users = [...sources].filter(([, text]) => /\bautoFocus\b/.test(text)).map(([file]) => file);
  expect(sources.size).toBeGreaterThan(100);
  expect(users).toEqual([]);
});
