import type { Collaborator } from "./collaborators.ts";
import type { DraftMediaItem } from "./draft.ts";

/**
 * The draft in progress, kept in the browser (IndexedDB, which holds the files themselves) so an
 * accidental reload loses nothing. Cleared when the post is published, scheduled or discarded.
 */
export interface SavedDraft {
  clientId: string;
  caption: string;
  hashtags: string[];
  collaborators: Collaborator[];
  choice: { date: string | undefined; hour: number; minute: number };
  items: Omit<DraftMediaItem, "url" | "coverUrl">[];
  savedAt: number;
}

const DB_NAME = "sightline-composer";
const STORE = "drafts";
const KEY = "current";

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") {
      reject(new Error("IndexedDB is not available"));
      return;
    }
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = action(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

export async function loadDraft(): Promise<SavedDraft | undefined> {
  try {
    return (await run("readonly", (store) => store.get(KEY))) as SavedDraft | undefined;
  } catch {
    return undefined;
  }
}

export async function saveDraft(draft: SavedDraft): Promise<void> {
  try {
    await run("readwrite", (store) => store.put(draft, KEY));
  } catch (error) {
    // Private windows and full disks refuse; the draft still works, it just won't survive a reload.
    console.warn("Could not keep the draft in this browser", error);
  }
}

export async function clearDraft(): Promise<void> {
  try {
    await run("readwrite", (store) => store.delete(KEY));
  } catch {
    // nothing kept
  }
}

/** Worth keeping: anything the user would be sorry to lose. */
export function hasContent(
  draft: Pick<SavedDraft, "caption" | "hashtags" | "collaborators" | "items">,
) {
  return (
    draft.items.length > 0 ||
    draft.caption.trim() !== "" ||
    draft.hashtags.length > 0 ||
    draft.collaborators.length > 0
  );
}
