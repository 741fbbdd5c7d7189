import { MAX_MEDIA_ITEMS } from "@sightline/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { toast } from "../../../lib/toast.ts";
import { uploadErrorMessage, uploadMedia } from "../api/upload-media.ts";
import type { CropOffer } from "../components/crop-offers.tsx";
import { bucketFor, type DraftMediaItem } from "../utils/draft.ts";
import type { SavedDraft } from "../utils/draft-db.ts";
import {
  captureCoverFrame,
  convertToJpeg,
  readFileFacts,
  shrinkForInstagram,
} from "../utils/media-files.ts";
import {
  ADD_MEDIA_FIRST,
  CONVERSION_FAILED,
  convertingMessage,
  isOverInstagramImageSize,
  judgeMediaFile,
  type MediaKind,
  moveItem,
  selectMediaFiles,
} from "../utils/media-rules.ts";
import { addTag } from "../utils/tags.ts";
import type { ComposerEdit } from "./composer-store.ts";
import { usePendingWork } from "./use-pending-work.ts";

/**
 * The draft's media: files read, converted, cropped or refused as they are chosen (issue 24),
 * their tags and covers, and their uploads. Every object URL made here is freed on close.
 */
export function useMediaUploads() {
  const [items, setItems] = useState<DraftMediaItem[]>([]);
  const [selected, setSelected] = useState(0);
  const [processing, setProcessing] = useState(0);
  const [cropOffers, setCropOffers] = useState<CropOffer[]>([]);
  const cropOffersRef = useRef(cropOffers);
  cropOffersRef.current = cropOffers;
  const pendingWork = usePendingWork();

  // Async work reads the latest items; every object URL made is freed on close.
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const objectUrls = useRef(new Set<string>());
  const makeUrl = (blob: Blob) => {
    const url = URL.createObjectURL(blob);
    objectUrls.current.add(url);
    return url;
  };
  const freeUrl = (url: string | undefined) => {
    if (!url) return;
    URL.revokeObjectURL(url);
    objectUrls.current.delete(url);
  };
  useEffect(() => {
    const urls = objectUrls.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  /** A saved post's files, already in storage: read back for the preview, never re-uploaded. */
  const loadSavedItems = (saved: ComposerEdit["items"]): (() => void) => {
    let cancelled = false;
    setProcessing(saved.length);
    // Tracked: Schedule or Publish pressed while the files are still being read waits for them
    // ('Preparing post...'), never says the post has no media.
    void pendingWork.track(
      Promise.all(
        saved.map(async (savedItem, index): Promise<DraftMediaItem | null> => {
          try {
            const blob = await (await fetch(savedItem.url)).blob();
            const name = savedItem.key.split("/").pop() ?? `item-${index + 1}`;
            const file = new File([blob], name, { type: blob.type });
            return {
              id: crypto.randomUUID(),
              url: makeUrl(file),
              file,
              mediaType: savedItem.mediaType,
              duration:
                savedItem.durationMs === undefined ? undefined : savedItem.durationMs / 1000,
              aspectRatio: savedItem.aspectRatio,
              coverUrl: savedItem.cover?.url,
              cover: savedItem.cover ? { key: savedItem.cover.key } : undefined,
              tags: savedItem.tags.map((tag) => ({ ...tag, id: crypto.randomUUID() })),
              uploaded: { bucket: savedItem.bucket, key: savedItem.key, url: savedItem.url },
            };
          } catch {
            return null;
          }
        }),
      ).then((loaded) => {
        if (cancelled) return;
        const ready = loaded.filter((item): item is DraftMediaItem => item !== null);
        if (ready.length < loaded.length)
          toast.error("Some of this post's media could not be read");
        // At once (flushSync), as addItem does: a Schedule or Publish waiting on this read looks
        // at the items as soon as it settles, which should not rest on when React renders.
        flushSync(() => {
          setProcessing(0);
          setItems(ready);
        });
      }),
    );
    return () => {
      cancelled = true;
    };
  };

  /** The items of a draft kept in the browser, with fresh object URLs. */
  const restoreItems = (kept: SavedDraft["items"]) => {
    setItems(
      kept.map((item) => ({
        ...item,
        url: makeUrl(item.file),
        coverUrl: item.coverBlob ? makeUrl(item.coverBlob) : undefined,
      })),
    );
  };

  /** No media at all (Discard on the restored-draft notice). */
  const clearItems = () => {
    for (const item of itemsRef.current) {
      freeUrl(item.url);
      freeUrl(item.coverUrl);
    }
    setItems([]);
    setSelected(0);
    setCropOffers([]);
  };

  const updateItem = useCallback((id: string, update: (item: DraftMediaItem) => DraftMediaItem) => {
    setItems((list) => list.map((item) => (item.id === id ? update(item) : item)));
  }, []);

  /** Adds a checked, ready file; at once (flushSync) so Publish, waiting, sees it. */
  const addItem = (
    file: File,
    kind: MediaKind,
    info: { aspectRatio: number | undefined; duration: number | undefined },
  ) => {
    const url = makeUrl(file);
    const item: DraftMediaItem = {
      id: crypto.randomUUID(),
      url,
      file,
      mediaType: kind,
      duration: info.duration,
      aspectRatio: info.aspectRatio,
      tags: [],
    };
    flushSync(() =>
      setItems((list) => {
        if (list.length >= MAX_MEDIA_ITEMS) {
          freeUrl(url);
          return list;
        }
        return [...list, item];
      }),
    );
  };

  /** Issue 24: a file is read when chosen, and refused, offered a crop or added at once. */
  const prepareFile = async (original: File) => {
    const verdict = judgeMediaFile(original.name, await readFileFacts(original));
    if (verdict.action === "refuse") {
      toast.error(verdict.message);
      return;
    }
    if (verdict.action === "crop") {
      const offer = {
        id: crypto.randomUUID(),
        file: original,
        message: verdict.message,
        crop: verdict.crop,
      };
      flushSync(() => setCropOffers((list) => [...list, offer]));
      return;
    }
    let file = original;
    if (verdict.isConversionNeeded) {
      toast.info(convertingMessage(file.name));
      try {
        file = await convertToJpeg(file);
      } catch {
        toast.warning(CONVERSION_FAILED);
      }
    }
    if (verdict.kind === "image" && isOverInstagramImageSize(file.size)) {
      try {
        file = await shrinkForInstagram(file);
        toast.info(
          `Scaled "${original.name}" down to 1440 px wide: Instagram takes photos up to 8MB.`,
        );
      } catch {
        // HEIC this browser cannot draw: the server converts it to JPEG on upload.
      }
    }
    addItem(file, verdict.kind, verdict);
  };

  const addFilesNow = async (files: File[]) => {
    const picked = selectMediaFiles(
      itemsRef.current.length + processing + cropOffersRef.current.length,
      files,
    );
    if (picked.skipped.length > 0) {
      toast.warning(
        `Skipped ${picked.skipped.map((file) => file.name).join(", ")}: only images and videos can be added.`,
      );
    }
    for (const { message } of picked.tooLarge) toast.error(message);
    if (picked.overLimit.length > 0) {
      toast.warning(
        `A post holds up to 10 media items; ${picked.overLimit.length} more ${picked.overLimit.length === 1 ? "file was" : "files were"} not added.`,
      );
    }
    setProcessing((n) => n + picked.accepted.length);
    for (const { file } of picked.accepted) {
      try {
        await prepareFile(file);
      } catch (error) {
        console.warn("Reading a chosen file failed", error);
        toast.error(`Could not add "${file.name}": the file could not be read.`);
      } finally {
        setProcessing((n) => n - 1);
      }
    }
  };

  const cropAndAddNow = async (offer: CropOffer) => {
    setCropOffers((list) => list.filter((o) => o.id !== offer.id));
    setProcessing((n) => n + 1);
    try {
      const file = await convertToJpeg(offer.file, { crop: offer.crop, maxWidth: 1440 });
      addItem(file, "image", {
        aspectRatio: offer.crop.width / offer.crop.height,
        duration: undefined,
      });
    } catch (error) {
      console.warn("Cropping failed", error);
      toast.error(
        `Could not crop "${offer.file.name}". Crop it in a photo editor and add it again.`,
      );
    } finally {
      setProcessing((n) => n - 1);
    }
  };

  const dismissCropOffer = (id: string) => setCropOffers((list) => list.filter((o) => o.id !== id));

  const removeItem = (id: string) => {
    const item = itemsRef.current.find((i) => i.id === id);
    if (!item) return;
    freeUrl(item.url);
    freeUrl(item.coverUrl);
    setItems((list) => list.filter((i) => i.id !== id));
    setSelected((index) => Math.max(0, Math.min(index, itemsRef.current.length - 2)));
  };

  const moveMedia = (from: number, to: number) => {
    setItems((list) => moveItem(list, from, to));
    setSelected(to);
  };

  // ---- Tags ----
  const addItemTag = (itemId: string, username: string, x: number, y: number) => {
    const item = itemsRef.current.find((i) => i.id === itemId);
    if (!item) return "This media item is gone";
    const result = addTag(item.tags, { id: crypto.randomUUID(), username, x, y });
    if (result.error !== undefined) {
      toast.error(result.error);
      return result.error;
    }
    updateItem(itemId, (i) => ({ ...i, tags: result.tags }));
    return undefined;
  };

  const removeItemTag = (itemId: string, tagId: string) =>
    updateItem(itemId, (item) => ({
      ...item,
      tags: item.tags.filter((tag) => tag.id !== tagId),
    }));

  // ---- Cover ----
  const saveCoverFrameNow = async (itemId: string, video: HTMLVideoElement, time: number) => {
    try {
      if (Math.abs(video.currentTime - time) > 0.01 || video.seeking) {
        await new Promise<void>((resolve) => {
          video.addEventListener("seeked", () => resolve(), { once: true });
          video.currentTime = time;
        });
      }
      const blob = await captureCoverFrame(video);
      const stored = await uploadMedia("instagram_media", blob);
      const coverUrl = makeUrl(blob);
      updateItem(itemId, (item) => {
        freeUrl(item.coverUrl);
        return { ...item, coverUrl, coverBlob: blob, coverTime: time, cover: { key: stored.key } };
      });
      toast.success("Cover saved");
    } catch (error) {
      console.warn("Cover capture failed", error);
      toast.error("Failed to save cover");
    }
  };

  // ---- Uploads ----
  /**
   * Uploads what is not in storage yet; null (after a toast: the spec's 'Upload failed:
   * {message}', or `failure` when given) when one fails.
   */
  const uploadsInFlight = useRef(new Map<string, Promise<DraftMediaItem["uploaded"]>>());
  const ensureUploaded = async (
    only?: string,
    failure?: (error: unknown) => void,
  ): Promise<DraftMediaItem[] | null> => {
    for (const item of itemsRef.current) {
      if (item.uploaded || (only && item.id !== only)) continue;
      // The schedule sheet's check and Confirm may ask at once: one upload per file.
      let pending = uploadsInFlight.current.get(item.id);
      if (!pending) {
        const bucket = bucketFor(item.mediaType);
        pending = uploadMedia(bucket, item.file).then((stored) => ({
          bucket,
          key: stored.key,
          url: stored.url,
        }));
        uploadsInFlight.current.set(item.id, pending);
        pending.then(
          () => uploadsInFlight.current.delete(item.id),
          () => uploadsInFlight.current.delete(item.id),
        );
      }
      try {
        const uploaded = await pending;
        updateItem(item.id, (i) => ({ ...i, uploaded }));
        itemsRef.current = itemsRef.current.map((i) => (i.id === item.id ? { ...i, uploaded } : i));
      } catch (error) {
        if (failure) failure(error);
        else toast.error(uploadErrorMessage(error));
        return null;
      }
    }
    return itemsRef.current;
  };

  /**
   * Spec §2 'Preparing post...': every conversion, crop and upload still running is waited
   * for, then the draft is judged (issue 24). False after saying what is missing.
   */
  const waitUntilReady = async (): Promise<boolean> => {
    await pendingWork.settle();
    const waiting = cropOffersRef.current[0];
    if (waiting) {
      toast.error(`Crop "${waiting.file.name}" or leave it out first.`);
      return false;
    }
    if (itemsRef.current.length === 0) {
      toast.error(ADD_MEDIA_FIRST);
      return false;
    }
    return true;
  };
  const hasMediaComing = () =>
    itemsRef.current.length > 0 || cropOffersRef.current.length > 0 || pendingWork.hasPending();

  return {
    items,
    /** The latest items, for work that outlives a render. */
    currentItems: () => itemsRef.current,
    selectedIndex: Math.min(selected, Math.max(0, items.length - 1)),
    select: setSelected,
    processing,
    cropOffers,
    loadSavedItems,
    restoreItems,
    clearItems,
    addFiles: (files: File[]) => void pendingWork.track(addFilesNow(files)),
    cropAndAdd: (offer: CropOffer) => void pendingWork.track(cropAndAddNow(offer)),
    dismissCropOffer,
    removeItem,
    moveMedia,
    addItemTag,
    removeItemTag,
    saveCoverFrame: (itemId: string, video: HTMLVideoElement, time: number) =>
      pendingWork.track(saveCoverFrameNow(itemId, video, time)),
    ensureUploaded,
    waitUntilReady,
    hasMediaComing,
  };
}

export type MediaUploads = ReturnType<typeof useMediaUploads>;
