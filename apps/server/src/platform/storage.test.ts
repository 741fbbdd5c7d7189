import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { describeStorageContract } from "../testing/storage-contract.ts";
import { createLocalStorage, isSafeKey, sniffMedia } from "./storage.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function storageAt(now: () => number) {
  const root = mkdtempSync(path.join(tmpdir(), "storage-test-"));
  roots.push(root);
  return createLocalStorage({
    root,
    signingSecret: "s".repeat(32),
    publicOrigin: "http://app.test",
    now,
  });
}

describeStorageContract("local folder", (now) => storageAt(now));

describe("the local folder's readiness probe", () => {
  it("writes where uploads go, leaves no file behind, and fails when the folder cannot be written", async () => {
    const parent = mkdtempSync(path.join(tmpdir(), "storage-ready-"));
    roots.push(parent);
    const root = path.join(parent, "storage");
    const storage = createLocalStorage({
      root,
      signingSecret: "s".repeat(32),
      publicOrigin: "http://app.test",
      now: Date.now,
    });
    // A new data folder has no storage folder yet: the probe makes it.
    await storage.checkReady();
    expect(readdirSync(root)).toEqual([]);
    // A file where the folder should be (as a full or read-only disk, the write fails).
    rmSync(root, { recursive: true });
    writeFileSync(root, "not a folder");
    await expect(storage.checkReady()).rejects.toThrow();
  });
});

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(16).fill(0)]);

describe("storage keys", () => {
  it("refuses keys that could leave their folder", () => {
    expect(isSafeKey("user-1/1700000000-abc.jpg")).toBe(true);
    for (const key of [
      "../x.jpg",
      "a/../../x",
      "/etc/passwd",
      ".hidden",
      "a//b",
      "a\\b",
      "a/\u0000",
      "",
    ]) {
      expect(isSafeKey(key), key).toBe(false);
    }
  });
});

describe("sniffing", () => {
  it("knows images and videos by their bytes, not their names", () => {
    expect(sniffMedia(bytes(0xff, 0xd8, 0xff, 0xe0))?.contentType).toBe("image/jpeg");
    expect(sniffMedia(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))?.contentType).toBe(
      "image/png",
    );
    const ftyp = (brand: string) =>
      new Uint8Array([0, 0, 0, 24, ...Buffer.from(`ftyp${brand}`), ...new Array(16).fill(0)]);
    expect(sniffMedia(ftyp("heic"))?.contentType).toBe("image/heic");
    expect(sniffMedia(ftyp("isom"))?.contentType).toBe("video/mp4");
    expect(sniffMedia(ftyp("qt  "))?.contentType).toBe("video/quicktime");
    expect(sniffMedia(new TextEncoder().encode("<html><body>not an image</body></html>"))).toBe(
      undefined,
    );
  });
});

describe("signed URLs", () => {
  it("open the file until they expire, and never with another key or a changed signature", async () => {
    let now = Date.UTC(2026, 10, 23, 12);
    const storage = storageAt(() => now);
    await storage.put("instagram-media", "u1/a.jpg", bytes(0xff, 0xd8, 0xff));
    const url = new URL(storage.signedUrl("instagram-media", "u1/a.jpg", 60));
    expect(url.pathname).toBe("/storage/instagram-media/u1/a.jpg");
    const expires = Number(url.searchParams.get("expires"));
    const signature = url.searchParams.get("signature")!;
    expect(storage.verify("instagram-media", "u1/a.jpg", expires, signature)).toBe(true);
    expect(storage.verify("instagram-media", "u2/a.jpg", expires, signature)).toBe(false);
    expect(storage.verify("scheduled-content", "u1/a.jpg", expires, signature)).toBe(false);
    expect(storage.verify("instagram-media", "u1/a.jpg", expires + 1, signature)).toBe(false);
    now += 61_000;
    expect(storage.verify("instagram-media", "u1/a.jpg", expires, signature)).toBe(false);
    expect(await storage.get("instagram-media", "u1/a.jpg")).toHaveLength(19);
    await storage.delete("instagram-media", "u1/a.jpg");
    expect(await storage.get("instagram-media", "u1/a.jpg")).toBeUndefined();
  });
});
