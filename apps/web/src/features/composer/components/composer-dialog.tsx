import { classifyPostType } from "@sightline/contracts";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { useTimeZone } from "../../../hooks/use-time-zone.ts";
import type { ComposerPrefill } from "../hooks/composer-store.ts";
import { useCaptionWriter } from "../hooks/use-caption-writer.ts";
import { useComposerDraft } from "../hooks/use-composer-draft.ts";
import { useMediaUploads } from "../hooks/use-media-uploads.ts";
import { usePublishActions } from "../hooks/use-publish-actions.ts";
import { useScheduleCheck } from "../hooks/use-schedule-check.ts";
import { isApprovedContentUnchanged } from "../utils/approved-content.ts";
import { truncateCaption } from "../utils/draft.ts";
import { addHashtags } from "../utils/hashtags.ts";
import { CaptionField } from "./caption-field.tsx";
import { CollaboratorsField } from "./collaborators-field.tsx";
import { ComposerFooter } from "./composer-footer.tsx";
import { ComposerHeader } from "./composer-header.tsx";
import type { ComposerIdeas } from "./composer-ideas.ts";
import { DraftRestoredNotice } from "./draft-restored-notice.tsx";
import { HashtagsField } from "./hashtags-field.tsx";
import { MediaSection } from "./media-section.tsx";
import type { PreviewAccount } from "./post-preview.tsx";
import { PreviewPanel } from "./preview-panel.tsx";
import { ScheduleSheet } from "./schedule-sheet.tsx";

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
  ideas,
  needsApproval = false,
}: {
  open: boolean;
  onClose: () => void;
  prefill: ComposerPrefill | undefined;
  account: PreviewAccount | null;
  /** Ideas offered on an empty draft (the AI team's Creator, passed in by the app layout). */
  ideas?: ComposerIdeas | undefined;
  /**
   * The account's posts need approval (decision 037): Schedule and Publish become "Send for
   * approval", for a new post and for an edit, except an approved post left unchanged.
   */
  needsApproval?: boolean;
}) {
  const timeZone = useTimeZone();
  const media = useMediaUploads();
  const draft = useComposerDraft({ prefill, timeZone, media, onClose });
  const sendsForApproval =
    needsApproval &&
    !(
      draft.edit &&
      isApprovedContentUnchanged(
        draft.edit,
        {
          items: media.items,
          caption: draft.caption,
          hashtags: draft.hashtags,
          collaborators: draft.collaborators,
        },
        media.processing > 0,
      )
    );
  const actions = usePublishActions({
    draft,
    media,
    timeZone,
    needsApproval: sendsForApproval,
  });
  const captionWriter = useCaptionWriter({ draft, media });
  const checks = useScheduleCheck({
    isSheetOpen: actions.isSheetOpen,
    isIdle: !actions.isBusy,
    choice: draft.choice,
    timeZone,
    items: media.items,
    caption: draft.caption,
    hashtags: draft.hashtags,
    collaborators: draft.collaborators,
    ensureUploaded: media.ensureUploaded,
  });
  const { isBusy } = actions;

  const postType = classifyPostType(
    media.items.map((item) => ({
      mediaType: item.mediaType,
      aspectRatio: item.aspectRatio,
      durationMs: item.duration === undefined ? undefined : item.duration * 1000,
    })),
  );

  const requestClose = () => {
    if (isBusy) return;
    draft.finish();
  };

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
        <ComposerHeader
          postType={postType}
          isEditing={draft.edit !== undefined}
          sendsForApproval={sendsForApproval}
          campaign={prefill?.campaign}
        />
        {draft.isDraftRestored && (
          <DraftRestoredNotice
            onDiscard={() => {
              draft.discard();
              actions.forgetConfirmedTime();
            }}
            isDisabled={isBusy}
          />
        )}
        <div className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)] overflow-y-auto lg:grid-cols-[minmax(0,1fr)_minmax(0,420px)] lg:overflow-hidden">
          <div className="space-y-6 p-5 lg:overflow-y-auto">
            <MediaSection media={media} />
            {ideas && !prefill && draft.caption === "" && draft.hashtags.length === 0
              ? ideas((idea) => {
                  draft.setCaption(truncateCaption(idea.caption));
                  draft.setHashtags(
                    (existing) => addHashtags(existing, idea.hashtags.join(" ")).hashtags,
                  );
                })
              : null}
            <CaptionField
              caption={draft.caption}
              onChange={draft.setCaption}
              onWriteCaption={captionWriter.writeCaption}
              isGenerating={captionWriter.isGenerating}
              isBusy={isBusy}
            />
            <HashtagsField hashtags={draft.hashtags} onChange={draft.setHashtags} />
            <CollaboratorsField
              collaborators={draft.collaborators}
              onChange={draft.setCollaborators}
            />
          </div>
          <PreviewPanel
            account={account}
            media={media}
            caption={draft.caption}
            hashtags={draft.hashtags}
            collaborators={draft.collaborators}
          />
        </div>
        <ComposerFooter
          phase={actions.phase}
          choice={draft.choice}
          timeZone={timeZone}
          onChangeTime={() => actions.setSheetOpen(true)}
          onCancel={requestClose}
          onSchedule={actions.schedule}
          onPublish={actions.publish}
          needsApproval={sendsForApproval}
        />
        <ScheduleSheet
          open={actions.isSheetOpen}
          onOpenChange={(next) => !isBusy && actions.setSheetOpen(next)}
          choice={draft.choice}
          onChoiceChange={draft.setChoice}
          timeZone={timeZone}
          onConfirm={() => void actions.confirmSchedule()}
          isScheduling={isBusy}
          problems={checks}
          confirmLabel={sendsForApproval ? "Send for approval" : undefined}
        />
      </DialogContent>
    </Dialog>
  );
}
