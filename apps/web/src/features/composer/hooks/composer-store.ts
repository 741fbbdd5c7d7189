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
