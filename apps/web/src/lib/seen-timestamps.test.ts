import { describe, expect, it } from "vitest";
import {
  isUnseen,
  markSeen,
  parseSeenMap,
  readSeenMap,
  SEEN_TIMESTAMPS_STORAGE_KEY,
  withSeen,
} from "./seen-timestamps.ts";

function memoryStorage() {
  const store = new Map<string, string>();
  return {
    store,
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  };
}

describe("the unseen rule (spec §4)", () => {
  it("is unseen when the latest item is newer than the seen time", () => {
    expect(isUnseen("2026-06-01T12:00:01.000Z", "2026-06-01T12:00:00.000Z")).toBe(true);
  });

  it("is seen when the latest item is as old as or older than the seen time", () => {
    expect(isUnseen("2026-06-01T12:00:00.000Z", "2026-06-01T12:00:00.000Z")).toBe(false);
    expect(isUnseen("2026-06-01T11:59:59.999Z", "2026-06-01T12:00:00.000Z")).toBe(false);
  });

  it("is unseen when nothing was ever seen", () => {
    expect(isUnseen("2020-01-01T00:00:00.000Z", undefined)).toBe(true);
  });

  it("compares instants, not text (offsets and precision differ)", () => {
    expect(isUnseen("2026-06-01T14:00:00+02:00", "2026-06-01T12:00:00.000Z")).toBe(false);
    expect(isUnseen("2026-06-01T14:00:01+02:00", "2026-06-01T12:00:00.000Z")).toBe(true);
  });
});

describe("the seen-timestamp map", () => {
  it("keeps everything under one key, per conversation id and group key", () => {
    const storage = memoryStorage();
    markSeen(
      { messages: "2026-06-01T12:00:00.000Z", "conv-1": "2026-06-01T10:00:00.000Z" },
      storage,
    );
    markSeen({ comments: "2026-06-01T11:00:00.000Z" }, storage);
    expect([...storage.store.keys()]).toEqual([SEEN_TIMESTAMPS_STORAGE_KEY]);
    expect(readSeenMap(storage)).toEqual({
      messages: "2026-06-01T12:00:00.000Z",
      "conv-1": "2026-06-01T10:00:00.000Z",
      comments: "2026-06-01T11:00:00.000Z",
    });
  });

  it("never moves a seen time back", () => {
    const map = { messages: "2026-06-01T12:00:00.000Z" };
    expect(withSeen(map, { messages: "2026-06-01T09:00:00.000Z" })).toEqual(map);
    expect(withSeen(map, { messages: "2026-06-01T13:00:00.000Z" })).toEqual({
      messages: "2026-06-01T13:00:00.000Z",
    });
  });

  it("ignores a damaged stored value instead of failing", () => {
    expect(parseSeenMap("not json")).toEqual({});
    expect(parseSeenMap("[1,2]")).toEqual({});
    expect(parseSeenMap(JSON.stringify({ messages: "yesterday-ish", comments: 5 }))).toEqual({});
  });
});
