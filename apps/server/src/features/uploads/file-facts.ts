import { imageDimensions } from "@sightline/contracts";
import { type Db, listStoredFileFacts } from "@sightline/db";
import { type Bucket, type Storage, sniffMedia } from "../../platform/storage.ts";

/** What a stored file is: its sniffed type and, for an image, its width and height. */
export type MediaFacts = {
  kind: "image" | "video";
  contentType: string;
  width?: number;
  height?: number;
};

/** Enough of a file to tell what it is and, for nearly every image, its width and height. */
export const FILE_HEAD_BYTES = 256 * 1024;

/**
 * What the checks of one request or one publish know of its files, each looked up once:
 * `owned` (the workspace keeps a row for it, which is what makes a cover the uploader's) and
 * `media` (what it is, or undefined when it is not stored).
 */
export interface FileFacts {
  /** Reads the rows of these files in one query (later lookups of them read nothing). */
  load(files: ReadonlyArray<{ bucket: Bucket; key: string }>): Promise<void>;
  owned(bucket: Bucket, key: string): Promise<boolean>;
  media(bucket: Bucket, key: string): Promise<MediaFacts | undefined>;
}

/**
 * Issue 26 point 5: an upload is sniffed once, when it is kept (`keepUpload` writes its type,
 * width and height into its `stored_files` row), and the checks read that row instead of the
 * file. A file with no such row (kept before migration 0040, or without `rows`) is read from
 * storage as before: its first FILE_HEAD_BYTES, and the whole file only for an image whose size
 * marker comes later than that.
 */
export function fileFacts(
  storage: Pick<Storage, "get" | "head">,
  rows?: { db: Db; workspaceId: string },
): FileFacts {
  const found = new Map<string, Promise<{ owned: boolean; media?: MediaFacts | undefined }>>();
  const id = (bucket: string, key: string) => `${bucket}\n${key}`;

  const fromStorage = async (bucket: Bucket, key: string): Promise<MediaFacts | undefined> => {
    const head = await storage.head(bucket, key, FILE_HEAD_BYTES).catch(() => undefined);
    const media = head ? sniffMedia(head) : undefined;
    if (!head || !media) return undefined;
    let size = media.kind === "image" ? imageDimensions(head) : undefined;
    if (media.kind === "image" && !size && head.length >= FILE_HEAD_BYTES) {
      const whole = await storage.get(bucket, key).catch(() => undefined);
      size = whole ? imageDimensions(whole) : undefined;
    }
    return { kind: media.kind, contentType: media.contentType, ...(size ?? {}) };
  };

  const load = async (files: ReadonlyArray<{ bucket: Bucket; key: string }>) => {
    const wanted = files.filter((file) => !found.has(id(file.bucket, file.key)));
    if (wanted.length === 0) return;
    const read = rows
      ? listStoredFileFacts(rows.db, rows.workspaceId, wanted)
      : Promise.resolve([] as Awaited<ReturnType<typeof listStoredFileFacts>>);
    for (const file of wanted) {
      found.set(
        id(file.bucket, file.key),
        read.then(async (list) => {
          const row = list.find((one) => one.bucket === file.bucket && one.key === file.key);
          if (row?.contentType) {
            return {
              owned: true,
              media: {
                kind: row.contentType.startsWith("video/") ? "video" : "image",
                contentType: row.contentType,
                ...(row.width !== null && row.height !== null
                  ? { width: row.width, height: row.height }
                  : {}),
              },
            };
          }
          return { owned: row !== undefined, media: await fromStorage(file.bucket, file.key) };
        }),
      );
    }
  };

  const lookUp = async (bucket: Bucket, key: string) => {
    await load([{ bucket, key }]);
    return found.get(id(bucket, key))!;
  };

  return {
    load,
    owned: async (bucket, key) => (await lookUp(bucket, key)).owned,
    media: async (bucket, key) => (await lookUp(bucket, key)).media,
  };
}
