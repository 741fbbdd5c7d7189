// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  browserTimeZone,
  getTimeZone,
  setTimeZone,
  subscribeTimeZone,
  TIME_ZONE_STORAGE_KEY,
} from "./time-zone.ts";

afterEach(() => setTimeZone(null));

describe("the user's time zone", () => {
  it("follows the browser until the profile names one, then keeps it across reloads", () => {
    expect(getTimeZone()).toBe(browserTimeZone());
    const listener = vi.fn();
    const unsubscribe = subscribeTimeZone(listener);
    setTimeZone("Asia/Tokyo");
    expect(getTimeZone()).toBe("Asia/Tokyo");
    expect(window.localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBe("Asia/Tokyo");
    expect(listener).toHaveBeenCalledTimes(1);
    setTimeZone("Asia/Tokyo");
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    setTimeZone(null);
    expect(window.localStorage.getItem(TIME_ZONE_STORAGE_KEY)).toBeNull();
    expect(getTimeZone()).toBe(browserTimeZone());
  });
});
