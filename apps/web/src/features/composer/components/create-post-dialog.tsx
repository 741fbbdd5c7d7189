import { lazy, Suspense } from "react";
import { closeComposer, useComposerState } from "../hooks/composer-store.ts";
import type { ComposerIdeas } from "./composer-ideas.ts";
import type { PreviewAccount } from "./post-preview.tsx";

// The composer (media handling, preview, schedule sheet) loads on first use, not with the shell.
const ComposerDialog = lazy(() => import("./composer-dialog.tsx"));

/**
 * The Create Instagram Post dialog (spec §2), opened by the header's New button or by
 * `openComposer(prefill)` from ../hooks/composer-store.ts. `account` is the connected
 * Instagram account for the preview's header (the app layout passes it in).
 */
export function CreatePostDialog({
  account,
  ideas,
  needsApproval,
}: {
  account: PreviewAccount | null;
  ideas?: ComposerIdeas;
  /** Decision 037: the open account's posts need approval (the app layout asks). */
  needsApproval?: boolean;
}) {
  const { open, prefill, session } = useComposerState();
  // Unmounted on close: every piece of draft state goes and every object URL is revoked.
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ComposerDialog
        key={session}
        open={open}
        onClose={closeComposer}
        prefill={prefill}
        account={account}
        ideas={ideas}
        needsApproval={needsApproval ?? false}
      />
    </Suspense>
  );
}
