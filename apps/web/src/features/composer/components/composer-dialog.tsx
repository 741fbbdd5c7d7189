import {
  captionLength,
  classifyPostType,
  MAX_CAPTION_LENGTH,
  MAX_FILE_BYTES,
  MAX_MEDIA_ITEMS,
  postTypeLabels,
  zonedParts,
  zonedTimeToInstant,
} from "@sightline/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { CalendarClock, Loader2, Sparkles, Tag } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { toast } from "sonner";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Textarea } from "../../../components/ui/input.tsx";
import { useTimeZone } from "../../../hooks/use-time-zone.ts";
import { ApiError } from "../../../lib/api-error.ts";
import { cn } from "../../../utils/cn.ts";
import { generateCaption } from "../api/generate-caption.ts";
import { publishNow, waitForPublishOutcome } from "../api/publish-post.ts";
import { checkSchedule, scheduledPostsQueryKey, schedulePost } from "../api/schedule-post.ts";
import { updateScheduledPost } from "../api/update-scheduled-post.ts";
import { uploadErrorMessage, uploadMedia } from "../api/upload-media.ts";
import type { ComposerPrefill } from "../hooks/composer-store.ts";
import { usePendingWork } from "../hooks/use-pending-work.ts";
import type { Collaborator } from "../utils/collaborators.ts";
import { bucketFor, type DraftMediaItem, draftRequest } from "../utils/draft.ts";
import { clearDraft, hasContent, loadDraft, saveDraft } from "../utils/draft-db.ts";
import { addHashtags } from "../utils/hashtags.ts";
import {
  captureCoverFrame,
  convertToJpeg,
  readFileFacts,
  shrinkForInstagram,
} from "../utils/media-files.ts";
import {
  CAPTION_CUT,
  CONVERSION_FAILED,
  convertingMessage,
  isOverInstagramImageSize,
  judgeMediaFile,
  type MediaKind,
  moveItem,
  scheduleFileTooLargeMessage,
  selectMediaFiles,
} from "../utils/media-rules.ts";
import {
  DEFAULT_SCHEDULE_HOUR,
  DEFAULT_SCHEDULE_MINUTE,
  isInFuture,
  nowInZone,
  SCHEDULE_IN_PAST,
  SELECT_A_DATE,
} from "../utils/schedule-rules.ts";
import { addTag } from "../utils/tags.ts";
import { CollaboratorsField } from "./collaborators-field.tsx";
import { CoverPicker } from "./cover-picker.tsx";
import { type CropOffer, CropOffers } from "./crop-offers.tsx";
import { HashtagsField } from "./hashtags-field.tsx";
import { MediaPicker } from "./media-picker.tsx";
import { PostPreview, type PreviewAccount } from "./post-preview.tsx";
import { formatScheduledFor, type ScheduleChoice, ScheduleSheet } from "./schedule-sheet.tsx";

type Phase = "idle" | "preparing" | "publishing" | "scheduling";

const ADD_MEDIA_FIRST = "Add at least one media item";
/** Spec §5: scheduling needs a signed-in user. */
const LOGIN_TO_SCHEDULE = "You must be logged in to schedule";

function initialChoice(prefill: ComposerPrefill | undefined, timeZone: string): ScheduleChoice {
  // Editing keeps the post's time while it is ahead; a failed post's past time is chosen again.
  if (prefill?.edit) {
    const at = new Date(prefill.edit.scheduledTime);
    const { date, hour, minute } = zonedParts(at, timeZone);
    return at.getTime() > Date.now()
      ? { date, hour, minute }
      : { date: undefined, hour: DEFAULT_SCHEDULE_HOUR, minute: DEFAULT_SCHEDULE_MINUTE };
  }
  const match = prefill?.initialTime?.match(/^(\d{1,2}):(\d{2})$/);
  const hour = match ? Number(match[1]) : DEFAULT_SCHEDULE_HOUR;
  const minute = match ? Number(match[2]) : DEFAULT_SCHEDULE_MINUTE;
  const valid = hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59;
  return {
    date:
      prefill?.initialDate && /^\d{4}-\d{2}-\d{2}$/.test(prefill.initialDate)
        ? prefill.initialDate
        : undefined,
    hour: valid ? hour : DEFAULT_SCHEDULE_HOUR,
    minute: valid ? minute : DEFAULT_SCHEDULE_MINUTE,
  };
}

function truncateCaption(text: string): string {
  return captionLength(text) > MAX_CAPTION_LENGTH
    ? Array.from(text).slice(0, MAX_CAPTION_LENGTH).join("")
    : text;
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : "An unexpected error occurred. Please try again.";
}

/**
 * The Create Instagram Post dialog (spec §2): Media, Caption, Hashtags and Collaborators on the
 * left, the Live Preview on the right (below on phones), Cancel / Schedule / Publish below.
 * Mounted afresh for every opening, so a pre-fill applies once; closing frees every object URL.
 */
export default function ComposerDialog({
  open,
  onClose,
  prefill,
  account,
}: {
  open: boolean;
  onClose: () => void;
  prefill: ComposerPrefill | undefined;
  account: PreviewAccount | null;
}) {
  const captionId = useId();
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const [items, setItems] = useState<DraftMediaItem[]>([]);
  const edit = prefill?.edit;
  const [caption, setCaption] = useState(() =>
    truncateCaption(edit?.caption ?? prefill?.initialCaption ?? ""),
  );
  const [hashtags, setHashtags] = useState<string[]>(
    () => addHashtags([], (edit?.hashtags ?? prefill?.initialHashtags ?? []).join(" ")).hashtags,
  );
  const [collaborators, setCollaborators] = useState<Collaborator[]>(() =>
    (edit?.collaborators ?? []).map((username) => ({
      username,
      name: null,
      avatar: null,
      verified: false,
    })),
  );
  const [choice, setChoice] = useState<ScheduleChoice>(() => initialChoice(prefill, timeZone));
  const [isSheetOpen, setSheetOpen] = useState(false);
  const [selected, setSelected] = useState(0);
  const [isTagMode, setTagMode] = useState(false);
  const [processing, setProcessing] = useState(0);
  const [phase, setPhase] = useState<Phase>("idle");
  const [isGenerating, setGenerating] = useState(false);
  const [clientId, setClientId] = useState<string>(() => crypto.randomUUID());
  const [isRestored, setRestored] = useState(false);
  // Issue 24: a draft brought back from the browser says so (with Discard) for this opening.
  const [isDraftRestored, setDraftRestored] = useState(false);
  // Issue 24: Schedule opens the sheet unless a time was confirmed there in this opening; a
  // pre-filled, restored or AI-suggested time is never used without being seen.
  const [isTimeConfirmed, setTimeConfirmed] = useState(false);
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

  // Issue 12 point 7: a draft in progress survives an accidental reload.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening
  useEffect(() => {
    let cancelled = false;
    if (edit) {
      // The saved post's files, already in storage: read back for the preview, never re-uploaded.
      setProcessing(edit.items.length);
      void Promise.all(
        edit.items.map(async (saved, index): Promise<DraftMediaItem | null> => {
          try {
            const blob = await (await fetch(saved.url)).blob();
            const name = saved.key.split("/").pop() ?? `item-${index + 1}`;
            const file = new File([blob], name, { type: blob.type });
            return {
              id: crypto.randomUUID(),
              url: makeUrl(file),
              file,
              mediaType: saved.mediaType,
              duration: saved.durationMs === undefined ? undefined : saved.durationMs / 1000,
              aspectRatio: saved.aspectRatio,
              coverUrl: saved.cover?.url,
              cover: saved.cover ? { key: saved.cover.key } : undefined,
              tags: saved.tags.map((tag) => ({ ...tag, id: crypto.randomUUID() })),
              uploaded: { bucket: saved.bucket, key: saved.key, url: saved.url },
            };
          } catch {
            return null;
          }
        }),
      ).then((loaded) => {
        if (cancelled) return;
        setProcessing(0);
        const ready = loaded.filter((item): item is DraftMediaItem => item !== null);
        if (ready.length < loaded.length)
          toast.error("Some of this post's media could not be read");
        setItems(ready);
      });
      return () => {
        cancelled = true;
      };
    }
    if (prefill) {
      setRestored(true);
      return;
    }
    void loadDraft().then((saved) => {
      if (cancelled) return;
      if (saved && hasContent(saved)) {
        // Each kept item once, however the copy was written (issue 24: a restored draft
        // published a carousel of one image twice).
        const seen = new Set<string>();
        const kept = saved.items.filter((item) => !seen.has(item.id) && seen.add(item.id));
        setItems(
          kept.map((item) => ({
            ...item,
            url: makeUrl(item.file),
            coverUrl: item.coverBlob ? makeUrl(item.coverBlob) : undefined,
          })),
        );
        setCaption(saved.caption);
        setHashtags(saved.hashtags);
        setCollaborators(saved.collaborators);
        setChoice(saved.choice);
        setClientId(saved.clientId);
        setDraftRestored(true);
      }
      setRestored(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  useEffect(() => {
    if (!isRestored) return;
    const timer = setTimeout(() => {
      const draft = { caption, hashtags, collaborators, items };
      if (!hasContent(draft)) {
        void clearDraft();
        return;
      }
      void saveDraft({
        clientId,
        caption,
        hashtags,
        collaborators,
        choice,
        items: items.map(({ url: _url, coverUrl: _coverUrl, ...rest }) => rest),
        savedAt: Date.now(),
      });
    }, 400);
    return () => clearTimeout(timer);
  }, [isRestored, caption, hashtags, collaborators, items, choice, clientId]);

  /** Discard on the restored-draft notice: an empty composer, and the kept copy goes. */
  const discardDraft = () => {
    for (const item of itemsRef.current) {
      freeUrl(item.url);
      freeUrl(item.coverUrl);
    }
    setItems([]);
    setCaption("");
    setHashtags([]);
    setCollaborators([]);
    setChoice(initialChoice(undefined, timeZone));
    setClientId(crypto.randomUUID());
    setSelected(0);
    setCropOffers([]);
    setTimeConfirmed(false);
    setDraftRestored(false);
    void clearDraft();
  };

  /** Published, scheduled or discarded: the kept copy goes too. */
  const finish = () => {
    setRestored(false);
    // An edit never touched the kept copy of the new post being written.
    if (!edit) void clearDraft();
    onClose();
  };

  const isBusy = phase !== "idle";
  const current = items[Math.min(selected, items.length - 1)];
  const postType = classifyPostType(
    items.map((item) => ({
      mediaType: item.mediaType,
      aspectRatio: item.aspectRatio,
      durationMs: item.duration === undefined ? undefined : item.duration * 1000,
    })),
  );

  const updateItem = useCallback((id: string, update: (item: DraftMediaItem) => DraftMediaItem) => {
    setItems((list) => list.map((item) => (item.id === id ? update(item) : item)));
  }, []);

  // ---- Media ----
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

  const addFiles = async (files: File[]) => {
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

  const cropAndAdd = async (offer: CropOffer) => {
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

  const removeItem = (id: string) => {
    const item = itemsRef.current.find((i) => i.id === id);
    if (!item) return;
    freeUrl(item.url);
    freeUrl(item.coverUrl);
    setItems((list) => list.filter((i) => i.id !== id));
    setSelected((index) => Math.max(0, Math.min(index, itemsRef.current.length - 2)));
  };

  // ---- Tags ----
  const onAddTag = (itemId: string, username: string, x: number, y: number) => {
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

  // ---- Cover ----
  const saveCoverFrame = async (itemId: string, video: HTMLVideoElement, time: number) => {
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

  // The pre-publish check for the chosen time, shown in the schedule sheet before confirming.
  const [checks, setChecks] = useState<{ code: string; message: string }[]>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checks when the draft or time changes
  useEffect(() => {
    setChecks(undefined);
    if (!isSheetOpen || !choice.date || items.length === 0 || phase !== "idle") return;
    let cancelled = false;
    const wall = { date: choice.date, hour: choice.hour, minute: choice.minute };
    const timer = setTimeout(async () => {
      const uploaded = await ensureUploaded();
      if (!uploaded || cancelled) return;
      try {
        const result = await checkSchedule({
          ...draftRequest({ items: uploaded, caption, hashtags, collaborators }),
          scheduled_time: zonedTimeToInstant(
            wall.date,
            wall.hour,
            wall.minute,
            timeZone,
          ).toISOString(),
          time_zone: timeZone,
        });
        if (!cancelled) setChecks(result.checks);
      } catch {
        // The check is advice; Confirm Schedule reports any real refusal.
      }
    }, 600);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [isSheetOpen, choice, items, phase, timeZone]);

  // ---- AI caption ----
  const writeCaption = async () => {
    const first = itemsRef.current[0];
    if (!first) {
      toast.error("Please add media first");
      return;
    }
    // Spec §8: the AI caption's own words when its file is gone or will not upload.
    if (!(first.file instanceof Blob) || first.file.size === 0) {
      toast.error("No file available");
      return;
    }
    setGenerating(true);
    try {
      const uploaded = await ensureUploaded(first.id, (error) =>
        toast.error("Failed to upload media", { description: uploadErrorMessage(error) }),
      );
      const url = uploaded?.find((i) => i.id === first.id)?.uploaded?.url;
      if (!url) return;
      const result = await generateCaption(url);
      if (!result.success) {
        toast.error("Failed to generate caption", {
          description: "note" in result ? result.note : undefined,
        });
        return;
      }
      setCaption(truncateCaption(result.caption));
      setHashtags((existing) => addHashtags(existing, result.hashtags.join(" ")).hashtags);
      if (result.engine === "built-in") {
        toast.success("Caption and hashtags suggested from your best-performing posts", {
          description: "note" in result ? result.note : undefined,
        });
      } else {
        toast.success("Caption and hashtags generated by AI");
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) toast.error("Not authenticated");
      else toast.error("Failed to generate caption", { description: errorText(error) });
    } finally {
      setGenerating(false);
    }
  };

  // ---- Publish now ----
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

  const publish = async () => {
    if (!hasMediaComing()) {
      toast.error(ADD_MEDIA_FIRST);
      return;
    }
    setPhase("preparing");
    try {
      if (!(await waitUntilReady())) return;
      const uploaded = await ensureUploaded();
      if (!uploaded) return;
      setPhase("publishing");
      const draft = draftRequest({ items: uploaded, caption, hashtags, collaborators });
      const { post } = edit
        ? await updateScheduledPost(edit.postId, {
            ...draft,
            time_zone: timeZone,
            publish_now: true,
          })
        : await publishNow({ ...draft, time_zone: timeZone, client_id: clientId });
      const outcome = await waitForPublishOutcome(post.id);
      if (outcome.status === "published") {
        toast.success("Post published successfully! 🎉");
        void queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey });
        finish();
      } else if (outcome.status === "failed") {
        toast.error("Failed to publish. Please try again.", { description: outcome.error });
      } else {
        toast.info("Still publishing", {
          description: "Instagram is taking a while. The Content Scheduler shows when it is done.",
        });
        finish();
      }
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.status === 401
          ? "Not authenticated"
          : "Failed to publish. Please try again.",
        { description: errorText(error) },
      );
    } finally {
      setPhase("idle");
    }
  };

  // ---- Schedule ----
  const confirmSchedule = async () => {
    if (!hasMediaComing()) {
      toast.error(ADD_MEDIA_FIRST);
      return;
    }
    if (!choice.date) {
      toast.error(SELECT_A_DATE);
      setSheetOpen(true);
      return;
    }
    const wall = { date: choice.date, hour: choice.hour, minute: choice.minute };
    if (!isInFuture(wall, nowInZone(new Date(), timeZone))) {
      toast.error(SCHEDULE_IN_PAST);
      setSheetOpen(true);
      return;
    }
    setTimeConfirmed(true);
    setPhase("preparing");
    try {
      if (!(await waitUntilReady())) return;
      // Spec §5: the file over 50MB (one kept from before the limit, say) is named before upload.
      const oversized = itemsRef.current.find((item) => item.file.size > MAX_FILE_BYTES);
      if (oversized) {
        toast.error(scheduleFileTooLargeMessage(oversized.file.size));
        return;
      }
      const uploaded = await ensureUploaded();
      if (!uploaded) return;
      // Spec §8: a failed thumbnail upload is ignored and the post is still scheduled.
      let thumbnail: { bucket: "scheduled-content"; key: string } | undefined;
      const coverBlob = uploaded.find((item) => item.coverBlob)?.coverBlob;
      if (coverBlob) {
        try {
          const stored = await uploadMedia("scheduled-content", coverBlob, "thumbnail");
          thumbnail = { bucket: "scheduled-content", key: stored.key };
        } catch (error) {
          console.warn("Thumbnail upload failed; scheduling without it", error);
        }
      }
      setPhase("scheduling");
      const request = {
        ...draftRequest({ items: uploaded, caption, hashtags, collaborators }),
        scheduled_time: zonedTimeToInstant(
          wall.date,
          wall.hour,
          wall.minute,
          timeZone,
        ).toISOString(),
        time_zone: timeZone,
        ...(thumbnail ? { thumbnail } : {}),
      };
      // Editing saves into the same post; a new draft is created once (client_id).
      const { checks } = edit
        ? await updateScheduledPost(edit.postId, request)
        : await schedulePost({ ...request, client_id: clientId });
      toast.success("Scheduled successfully", {
        description:
          checks.length > 0
            ? `Before it goes out: ${checks.map((check) => check.message).join(" ")}`
            : formatScheduledFor(wall, timeZone),
      });
      window.dispatchEvent(new CustomEvent("scheduled-posts:updated"));
      void queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey });
      setSheetOpen(false);
      finish();
    } catch (error) {
      // Spec §8: the server answering that it could not save is 'Failed to save schedule';
      // anything else on the way (no connection, a file gone missing) is 'Schedule failed'.
      if (error instanceof ApiError && error.status === 401) toast.error(LOGIN_TO_SCHEDULE);
      else if (error instanceof ApiError && error.message === SCHEDULE_IN_PAST) {
        toast.error(SCHEDULE_IN_PAST);
      } else if (error instanceof ApiError && error.status > 0) {
        toast.error("Failed to save schedule", { description: errorText(error) });
      } else toast.error("Schedule failed", { description: errorText(error) });
    } finally {
      setPhase("idle");
    }
  };

  const onSchedule = () => {
    if (!hasMediaComing()) {
      toast.error(ADD_MEDIA_FIRST);
      return;
    }
    // Spec §4: scheduling with no date chosen opens the date sheet; issue 24: so does a date
    // nobody confirmed in this opening (pre-filled, restored or suggested).
    if (!choice.date || !isTimeConfirmed) setSheetOpen(true);
    else void confirmSchedule();
  };

  const requestClose = () => {
    if (isBusy) return;
    finish();
  };

  const captionCount = captionLength(caption);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && requestClose()}>
      <DialogContent
        closeLabel="Close"
        aria-describedby={undefined}
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => {
          // Escape in the tag prompt closes only the prompt (spec §4).
          if ((document.activeElement as HTMLElement | null)?.closest("[data-tag-ui]")) {
            event.preventDefault();
          } else if (isBusy) event.preventDefault();
        }}
        className="flex h-dvh max-h-dvh w-screen max-w-none flex-col gap-0 rounded-none p-0 sm:h-[min(920px,94dvh)] sm:w-[calc(100vw-2rem)] sm:max-w-6xl sm:rounded-2xl"
      >
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 py-3 pl-5 pr-14">
          <DialogTitle>Create Instagram Post</DialogTitle>
          <Badge
            variant="neutral"
            data-testid="post-type"
            aria-label={`Post type: ${postTypeLabels[postType]}`}
          >
            {postTypeLabels[postType]}
          </Badge>
          {edit && (
            <DialogDescription asChild>
              <p className="w-full text-sm text-slate-600 sm:w-auto">
                Editing a saved post: Schedule or Publish saves your changes into it.
              </p>
            </DialogDescription>
          )}
          {prefill?.campaign && (
            <DialogDescription asChild>
              <p className="w-full text-sm text-brand-800 sm:w-auto">
                Pre-filled from: {prefill.campaign}
              </p>
            </DialogDescription>
          )}
        </header>

        {isDraftRestored && (
          <div
            role="status"
            data-testid="draft-restored"
            className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-brand-100 bg-brand-50 px-5 py-2 text-sm text-brand-900"
          >
            <span>Restored the draft you were working on.</span>
            <Button
              type="button"
              size="sm"
              variant="link"
              className="h-auto px-0"
              onClick={discardDraft}
              disabled={isBusy}
            >
              Discard
            </Button>
          </div>
        )}
        <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)] overflow-y-auto lg:grid-cols-[minmax(0,1fr)_minmax(0,420px)] lg:overflow-hidden">
          <div className="space-y-6 p-5 lg:overflow-y-auto">
            <MediaPicker
              items={items}
              selectedIndex={Math.min(selected, Math.max(0, items.length - 1))}
              onSelect={setSelected}
              onFiles={(files) => void pendingWork.track(addFiles(files))}
              onMove={(from, to) => {
                setItems((list) => moveItem(list, from, to));
                setSelected(to);
              }}
              onRemove={removeItem}
              isProcessing={processing > 0}
            />
            <CropOffers
              offers={cropOffers}
              onCrop={(offer) => void pendingWork.track(cropAndAdd(offer))}
              onDismiss={(id) => setCropOffers((list) => list.filter((o) => o.id !== id))}
            />
            {processing > 0 && (
              <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                Reading {processing} {processing === 1 ? "file" : "files"}…
              </p>
            )}

            <div>
              <div className="flex items-center justify-between gap-2">
                <label htmlFor={captionId} className="text-sm font-semibold text-slate-900">
                  Caption
                </label>
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={writeCaption}
                  disabled={isGenerating || isBusy}
                >
                  {isGenerating ? (
                    <Loader2 aria-hidden="true" className="animate-spin" />
                  ) : (
                    <Sparkles aria-hidden="true" />
                  )}
                  Write caption
                </Button>
              </div>
              <Textarea
                id={captionId}
                value={caption}
                onChange={(event) => {
                  const text = event.target.value;
                  const kept = truncateCaption(text);
                  // Issue 24: a paste over the limit keeps its first 2,200 and says so.
                  if (kept !== text) toast.warning(CAPTION_CUT, { id: "caption-cut" });
                  setCaption(kept);
                }}
                aria-describedby={`${captionId}-count`}
                placeholder="Write a caption…"
                className="mt-1.5 min-h-36"
              />
              <p
                id={`${captionId}-count`}
                data-testid="caption-count"
                className={cn(
                  "mt-1 text-right text-xs tabular-nums",
                  captionCount >= MAX_CAPTION_LENGTH
                    ? "font-semibold text-red-700"
                    : "text-slate-500",
                )}
              >
                {captionCount}/{MAX_CAPTION_LENGTH}
              </p>
            </div>

            <HashtagsField hashtags={hashtags} onChange={setHashtags} />
            <CollaboratorsField collaborators={collaborators} onChange={setCollaborators} />
          </div>

          <aside
            aria-label="Live Preview"
            className="space-y-3 border-t border-slate-200 bg-slate-50 p-5 lg:overflow-y-auto lg:border-l lg:border-t-0"
          >
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold text-slate-900">Live Preview</h3>
              <Button
                type="button"
                size="sm"
                variant={isTagMode ? "primary" : "outline"}
                aria-pressed={isTagMode}
                disabled={items.length === 0}
                onClick={() => setTagMode((on) => !on)}
              >
                <Tag aria-hidden="true" />
                Tag people
              </Button>
            </div>
            {isTagMode && current && (
              <p className="text-xs text-slate-600" role="status">
                Click on the photo where the person is, then type their username.
              </p>
            )}
            <PostPreview
              account={account}
              items={items}
              index={Math.min(selected, Math.max(0, items.length - 1))}
              onIndexChange={setSelected}
              caption={caption}
              hashtags={hashtags}
              collaborators={collaborators}
              isTagMode={isTagMode}
              onAddTag={onAddTag}
              onRemoveTag={(itemId, tagId) =>
                updateItem(itemId, (item) => ({
                  ...item,
                  tags: item.tags.filter((tag) => tag.id !== tagId),
                }))
              }
            />
            {current?.mediaType === "video" && (
              <CoverPicker
                key={current.id}
                item={current}
                onUseFrame={(video, time) =>
                  pendingWork.track(saveCoverFrame(current.id, video, time))
                }
              />
            )}
          </aside>
        </div>

        <footer className="flex flex-col gap-3 border-t border-slate-200 px-5 py-3 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1 text-sm text-slate-600" aria-live="polite">
            {phase === "preparing" ? (
              <span className="flex items-center gap-2">
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                Preparing post...
              </span>
            ) : choice.date ? (
              <span className="flex flex-wrap items-center gap-x-2">
                <CalendarClock aria-hidden="true" className="size-4" />
                <span>
                  Scheduled for{" "}
                  {formatScheduledFor(
                    { date: choice.date, hour: choice.hour, minute: choice.minute },
                    timeZone,
                  )}
                </span>
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto px-0"
                  onClick={() => setSheetOpen(true)}
                  disabled={isBusy}
                >
                  Change
                </Button>
              </span>
            ) : null}
          </div>
          <div className="grid grid-cols-3 gap-2 sm:flex">
            <Button type="button" variant="ghost" onClick={requestClose} disabled={isBusy}>
              Cancel
            </Button>
            <Button type="button" variant="outline" onClick={onSchedule} disabled={isBusy}>
              {phase === "scheduling" ? (
                <>
                  <Loader2 aria-hidden="true" className="animate-spin" />
                  Scheduling…
                </>
              ) : (
                "Schedule"
              )}
            </Button>
            <Button type="button" onClick={publish} disabled={isBusy}>
              {phase === "publishing" ? (
                <>
                  <Loader2 aria-hidden="true" className="animate-spin" />
                  Publishing…
                </>
              ) : (
                "Publish"
              )}
            </Button>
          </div>
        </footer>

        <ScheduleSheet
          open={isSheetOpen}
          onOpenChange={(next) => !isBusy && setSheetOpen(next)}
          choice={choice}
          onChoiceChange={setChoice}
          timeZone={timeZone}
          onConfirm={() => void confirmSchedule()}
          isScheduling={isBusy}
          problems={checks}
        />
      </DialogContent>
    </Dialog>
  );
}
