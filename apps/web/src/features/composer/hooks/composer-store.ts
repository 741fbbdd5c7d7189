import type { ApprovalState } from "@sightline/contracts";
import { useSyncExternalStore } from "react";

/**
 * What another page can pre-fill when it opens the composer (spec §2: initial date, caption,
 * hashtags or time, applied once, with 'Pre-filled from: {campaign}').
 */
export interface ComposerPrefill {
  /** YYYY-MM-DD in the user's time zone. */
  initialDate?: string;
  /** HH:MM (24 h) in the user's time zone; without it the default 10:00 applies. */
  initialTime?: string;
  initialCaption?: string;
  initialHashtags?: readonly string[];
  /** Where the pre-fill came from, shown as 'Pre-filled from: {campaign}'. */
  campaign?: string;
  /** A saved post to edit: the composer opens with its whole draft and saves into it. */
  edit?: ComposerEdit;
}

/** A saved post as the composer edits it (issue 14: Edit in the content scheduler). */
export interface ComposerEdit {
  postId: string;
  items: ReadonlyArray<{
    mediaType: "image" | "video";
    bucket: "instagram-media" | "scheduled-content";
    key: string;
    /** A URL the browser can read the file from. */
    url: string;
    aspectRatio?: number | undefined;
    durationMs?: number | undefined;
    cover?: { key: string; url: string } | undefined;
    tags: ReadonlyArray<{ username: string; x: number; y: number }>;
  }>;
  caption: string;
  hashtags: readonly string[];
  collaborators: readonly string[];
  /** ISO instant it is due; in the past (a failed post) the date is chosen again. */
  scheduledTime: string;
  /**
   * Its review state (decision 037), unknown while it loads: with approvals on, only an
   * approved post whose content is unchanged keeps Schedule.
   */
  approvalState?: ApprovalState | undefined;
}

export interface ComposerState {
  open: boolean;
  prefill: ComposerPrefill | undefined;
  /** Grows with every opening, so the same pre-fill opened twice applies twice. */
  session: number;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: ComposerState = { open: false, prefill: undefined, session: 0 };

function emit(next: ComposerState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Opens the Create Instagram Post dialog, optionally pre-filled. Features never import each
 * other, so a route module passes this to the content scheduler or Trend Radar as a callback.
 */
export function openComposer(prefill?: ComposerPrefill): void {
  emit({ open: true, prefill, session: state.session + 1 });
}

export function closeComposer(): void {
  if (state.open) emit({ ...state, open: false });
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useComposerState(): ComposerState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
