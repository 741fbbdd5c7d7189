import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createLocalStorage } from "../../platform/storage.ts";
import { FILE_HEAD_BYTES, fileFacts } from "../uploads/index.ts";
import { checkFiles } from "./pre-publish-check.ts";

const root = mkdtempSync(path.join(tmpdir(), "sightline-check-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalStorage({
  root,
  signingSecret: "s".repeat(32),
  publicOrigin: "http://127.0.0.1",
  now: Date.now,
});

/** A JPEG whose size marker comes after `padding` bytes of APP1 metadata. */
function jpeg(width: number, height: number, padding: number): Uint8Array {
  const parts: number[] = [0xff, 0xd8];
  for (let left = padding; left > 0; left -= 65_533) {
    const length = Math.min(left, 65_533) + 2;
    parts.push(0xff, 0xe1, length >> 8, length & 0xff, ...new Array(length - 2).fill(0x20));
  }
  parts.push(0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3);
  parts.push(...new Array(9).fill(1), 0xff, 0xd9);
  return new Uint8Array(parts);
}

describe("checkFiles of files kept before their rows held what they are", () => {
  it("reads an image's first bytes only when they give its size", async () => {
    await storage.put("scheduled-content", "u/tall.jpg", jpeg(1000, 2000, 1000));
    const get = vi.spyOn(storage, "get");
    const problems = await checkFiles(
      fileFacts(storage),
      [{ bucket: "scheduled-content", key: "u/tall.jpg", mediaType: "image" }],
      { aspectRatio: true },
    );
    expect(problems.map((problem) => problem.code)).toEqual(["aspect_ratio"]);
    expect(get).not.toHaveBeenCalled();
    get.mockRestore();
  });

  it("reads the whole file when the size comes after the first bytes, and still finds the shape", async () => {
    const file = jpeg(1000, 2000, FILE_HEAD_BYTES + 70_000);
    expect(file.length).toBeGreaterThan(FILE_HEAD_BYTES);
    await storage.put("scheduled-content", "u/late-size.jpg", file);
    const problems = await checkFiles(
      fileFacts(storage),
      [{ bucket: "scheduled-content", key: "u/late-size.jpg", mediaType: "image" }],
      { aspectRatio: true },
    );
    expect(problems.map((problem) => problem.code)).toEqual(["aspect_ratio"]);
  });

  it("names a missing file", async () => {
    const problems = await checkFiles(
      fileFacts(storage),
      [{ bucket: "scheduled-content", key: "u/never.jpg", mediaType: "image" }],
      { aspectRatio: true },
    );
    expect(problems).toEqual([{ code: "missing_file", message: "Missing media file" }]);
  });
});
