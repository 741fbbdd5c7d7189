import { zonedParts } from "@sightline/contracts";
import { useEffect, useState } from "react";
import type { ScheduleChoice } from "../components/schedule-sheet.tsx";
import type { Collaborator } from "../utils/collaborators.ts";
import { truncateCaption } from "../utils/draft.ts";
import { clearDraft, hasContent, loadDraft, saveDraft } from "../utils/draft-db.ts";
import { addHashtags } from "../utils/hashtags.ts";
import { DEFAULT_SCHEDULE_HOUR, DEFAULT_SCHEDULE_MINUTE } from "../utils/schedule-rules.ts";
import type { ComposerPrefill } from "./composer-store.ts";
import type { MediaUploads } from "./use-media-uploads.ts";

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

/**
 * The draft's words and time: set from a pre-fill, a saved post being edited or the copy kept
 * in the browser, and kept there while it is written (issue 12 point 7: a draft in progress
 * survives an accidental reload). The media are `media`'s; this hook restores and keeps them.
 */
export function useComposerDraft({
  prefill,
  timeZone,
  media,
  onClose,
}: {
  prefill: ComposerPrefill | undefined;
  timeZone: string;
  media: MediaUploads;
  onClose: () => void;
}) {
  const edit = prefill?.edit;
  const { items } = media;
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
  const [clientId, setClientId] = useState<string>(() => crypto.randomUUID());
  const [isRestored, setRestored] = useState(false);
  // Issue 24: a draft brought back from the browser says so (with Discard) for this opening.
  const [isDraftRestored, setDraftRestored] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening
  useEffect(() => {
    if (edit) return media.loadSavedItems(edit.items);
    if (prefill) {
      setRestored(true);
      return;
    }
    let cancelled = false;
    void loadDraft().then((saved) => {
      if (cancelled) return;
      if (saved && hasContent(saved)) {
        // Each kept item once, however the copy was written (issue 24: a restored draft
        // published a carousel of one image twice).
        const seen = new Set<string>();
        media.restoreItems(saved.items.filter((item) => !seen.has(item.id) && seen.add(item.id)));
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
  const discard = () => {
    media.clearItems();
    setCaption("");
    setHashtags([]);
    setCollaborators([]);
    setChoice(initialChoice(undefined, timeZone));
    setClientId(crypto.randomUUID());
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

  return {
    edit,
    caption,
    setCaption,
    hashtags,
    setHashtags,
    collaborators,
    setCollaborators,
    choice,
    setChoice,
    clientId,
    isDraftRestored,
    discard,
    finish,
  };
}

export type ComposerDraft = ReturnType<typeof useComposerDraft>;
