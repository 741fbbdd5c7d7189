import { describe, expect, it } from "vitest";
import type { Storage } from "../platform/storage.ts";

/**
 * What every storage backend must do (issue 13), run against the local folder and against a
 * real S3-compatible server alike.
 */
export function describeStorageContract(
  name: string,
  make: (now: () => number) => Storage | Promise<Storage>,
  options: { skip?: string } = {},
): void {
  if (options.skip) console.warn(`SKIPPED storage contract "${name}": ${options.skip}`);
  describe.skipIf(Boolean(options.skip))(`storage contract: ${name}`, () => {
    const jpeg = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set([0xff, 0xd8, 0xff, 0xe0]);
      for (let index = 4; index < size; index += 1) bytes[index] = (index * 31) % 251;
      return bytes;
    };

    it("puts, gets back the same bytes, overwrites and deletes", async () => {
      const storage = await make(Date.now);
      const key = `u1/${Date.now()}-put.jpg`;
      const first = jpeg(1024 * 1024 + 7);
      await storage.put("instagram-media", key, first);
      const back = await storage.get("instagram-media", key);
      expect(back?.length).toBe(first.length);
      expect(Buffer.compare(Buffer.from(back!), Buffer.from(first))).toBe(0);
      const second = jpeg(20);
      await storage.put("instagram-media", key, second);
      expect(await storage.get("instagram-media", key)).toEqual(second);
      await storage.delete("instagram-media", key);
      expect(await storage.get("instagram-media", key)).toBeUndefined();
      // Deleting what is not there is not an error.
      await storage.delete("instagram-media", key);
    });

    it("reads a file's first bytes without the rest, all of a shorter file, nothing of a missing one", async () => {
      const storage = await make(Date.now);
      const key = `u1/${Date.now()}-head.jpg`;
      const file = jpeg(300_000);
      await storage.put("scheduled-content", key, file);
      const head = await storage.head("scheduled-content", key, 4096);
      expect(head?.length).toBe(4096);
      expect(Buffer.compare(Buffer.from(head!), Buffer.from(file.subarray(0, 4096)))).toBe(0);
      expect(await storage.head("scheduled-content", key, 1_000_000)).toHaveLength(300_000);
      expect(await storage.head("scheduled-content", `u1/${Date.now()}-none.jpg`, 16)).toBe(
        undefined,
      );
      const empty = `u1/${Date.now()}-empty.bin`;
      await storage.put("scheduled-content", empty, new Uint8Array(0));
      expect(await storage.head("scheduled-content", empty, 16)).toHaveLength(0);
      await expect(storage.head("scheduled-content", "../x.jpg", 16)).rejects.toThrow(
        "invalid storage key",
      );
    });

    it("deletes a folder with everything under it, and nothing beside it", async () => {
      const storage = await make(Date.now);
      const stamp = Date.now();
      const gone = [`f${stamp}/a.jpg`, `f${stamp}/thumbnails/b.jpg`];
      const kept = [`f${stamp}x/c.jpg`, `g${stamp}/d.jpg`];
      for (const key of [...gone, ...kept]) await storage.put("scheduled-content", key, jpeg(16));
      await storage.put("instagram-media", `f${stamp}/e.jpg`, jpeg(16));
      await storage.deleteFolder("scheduled-content", `f${stamp}`);
      for (const key of gone) expect(await storage.get("scheduled-content", key)).toBeUndefined();
      for (const key of kept) expect(await storage.get("scheduled-content", key)).toHaveLength(16);
      expect(await storage.get("instagram-media", `f${stamp}/e.jpg`)).toHaveLength(16);
      // A folder that is not there is not an error.
      await storage.deleteFolder("scheduled-content", `f${stamp}`);
    });

    it("answers undefined for a missing key and keeps buckets apart", async () => {
      const storage = await make(Date.now);
      expect(await storage.get("scheduled-content", "u1/never-written.mp4")).toBeUndefined();
      const key = `u1/${Date.now()}-shared-name.jpg`;
      await storage.put("instagram-media", key, jpeg(32));
      expect(await storage.get("scheduled-content", key)).toBeUndefined();
      expect(await storage.get("instagram_media", key)).toBeUndefined();
      await storage.delete("scheduled-content", key);
      expect(await storage.get("instagram-media", key)).toHaveLength(32);
    });

    it("refuses keys that could leave their bucket, on every call", async () => {
      const storage = await make(Date.now);
      for (const key of ["../instagram_media/x.jpg", "u1/../../x", "/etc/passwd", ".x", "a//b"]) {
        await expect(storage.put("instagram-media", key, jpeg(16)), key).rejects.toThrow(
          "invalid storage key",
        );
        await expect(storage.get("instagram-media", key), key).rejects.toThrow(
          "invalid storage key",
        );
        await expect(storage.delete("instagram-media", key), key).rejects.toThrow(
          "invalid storage key",
        );
        expect(() => storage.signedUrl("instagram-media", key), key).toThrow("invalid storage key");
        expect(storage.verify("instagram-media", key, 4_000_000_000, "x"), key).toBe(false);
      }
      // A bucket that is not one of the spec's is refused too.
      await expect(storage.put("other" as "instagram-media", "u1/a.jpg", jpeg(16))).rejects.toThrow(
        "invalid storage key",
      );
    });

    it("answers the readiness probe (/api/ready)", async () => {
      const storage = await make(Date.now);
      await expect(storage.checkReady()).resolves.toBeUndefined();
      await expect(storage.checkReady(AbortSignal.timeout(5_000))).resolves.toBeUndefined();
    });

    it("signs URLs that verify until they expire, for that bucket and key only", async () => {
      let now = Date.UTC(2026, 10, 23, 12);
      const storage = await make(() => now);
      const url = new URL(storage.signedUrl("instagram-media", "u1/a.jpg", 60));
      expect(url.pathname).toBe("/storage/instagram-media/u1/a.jpg");
      const expires = Number(url.searchParams.get("expires"));
      expect(expires).toBe(Math.floor(now / 1000) + 60);
      const signature = url.searchParams.get("signature")!;
      expect(storage.verify("instagram-media", "u1/a.jpg", expires, signature)).toBe(true);
      expect(storage.verify("instagram-media", "u2/a.jpg", expires, signature)).toBe(false);
      expect(storage.verify("scheduled-content", "u1/a.jpg", expires, signature)).toBe(false);
      expect(storage.verify("instagram-media", "u1/a.jpg", expires + 1, signature)).toBe(false);
      expect(storage.verify("instagram-media", "u1/a.jpg", expires, `${signature}x`)).toBe(false);
      now += 60_000;
      expect(storage.verify("instagram-media", "u1/a.jpg", expires, signature)).toBe(true);
      now += 1_000;
      expect(storage.verify("instagram-media", "u1/a.jpg", expires, signature)).toBe(false);
    });
  });
}
