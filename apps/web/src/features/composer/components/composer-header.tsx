import { type PostType, postTypeLabels } from "@sightline/contracts";
import { Badge } from "../../../components/ui/badge.tsx";
import { DialogDescription, DialogTitle } from "../../../components/ui/dialog.tsx";

/** The dialog's title, the post type the media make, and what the composer was opened for. */
export function ComposerHeader({
  postType,
  isEditing,
  sendsForApproval = false,
  campaign,
}: {
  postType: PostType;
  isEditing: boolean;
  /** Decision 037: an edit saved goes back to review, and the description says so. */
  sendsForApproval?: boolean;
  campaign: string | undefined;
}) {
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 py-3 pl-5 pr-14">
      <DialogTitle>Create Instagram Post</DialogTitle>
      <Badge
        variant="neutral"
        data-testid="post-type"
        aria-label={`Post type: ${postTypeLabels[postType]}`}
      >
        {postTypeLabels[postType]}
      </Badge>
      {isEditing && (
        <DialogDescription asChild>
          <p className="w-full text-sm text-slate-600 sm:w-auto">
            {sendsForApproval
              ? "Editing a saved post: Send for approval saves your changes into it and sends it for approval again."
              : "Editing a saved post: Schedule or Publish saves your changes into it."}
          </p>
        </DialogDescription>
      )}
      {campaign && (
        <DialogDescription asChild>
          <p className="w-full text-sm text-brand-800 sm:w-auto">Pre-filled from: {campaign}</p>
        </DialogDescription>
      )}
    </header>
  );
}
