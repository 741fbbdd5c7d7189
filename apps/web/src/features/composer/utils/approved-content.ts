import type { ComposerEdit } from "../hooks/composer-store.ts";
import { type DraftContent, draftRequest } from "./draft.ts";
import { addHashtags } from "./hashtags.ts";

/** What an approval covers, as the server's gate compares it (caption, tags, people, files). */
function contentKey(content: {
  caption: string;
  hashtags: readonly string[];
  collaborators: readonly string[];
  items: ReadonlyArray<{
    key: string;
    cover?: { key: string } | undefined;
    tags?: ReadonlyArray<{ username: string; x: number; y: number }> | undefined;
  }>;
}) {
  return JSON.stringify([
    content.caption,
    [...new Set(content.hashtags.map((tag) => tag.replace(/^#/, "").trim()))],
    content.collaborators.map((name) => name.replace(/^@/, "")),
    content.items.map((item) => [
      item.key,
      item.cover?.key ?? null,
      (item.tags ?? []).map((tag) => [tag.username, tag.x, tag.y]),
    ]),
  ]);
}

/**
 * Decision 037: an approved post keeps Schedule and Publish while its content is what was
 * approved; any change to it has to be sent for approval again. Files still loading count as
 * unchanged (the saved ones are on their way); a file not uploaded yet is a change.
 */
export function isApprovedContentUnchanged(
  edit: ComposerEdit,
  draft: DraftContent,
  isLoadingFiles: boolean,
): boolean {
  if (edit.approvalState !== "approved") return false;
  if (draft.items.some((item) => !item.uploaded)) return false;
  const items = isLoadingFiles && draft.items.length === 0 ? edit.items : draftRequest(draft).items;
  const approved = addHashtags([], edit.hashtags.join(" ")).hashtags;
  return (
    contentKey({ ...edit, hashtags: approved }) ===
    contentKey({
      caption: draft.caption,
      hashtags: draft.hashtags,
      collaborators: draft.collaborators.map((c) => c.username),
      items,
    })
  );
}
