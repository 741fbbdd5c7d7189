import { MAX_FILE_BYTES, zonedTimeToInstant } from "@sightline/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError, openUpgradeIfPlanRequired } from "../../../lib/api-error.ts";
import { toast } from "../../../lib/toast.ts";
import { publishNow, waitForPublishOutcome } from "../api/publish-post.ts";
import { scheduledPostsQueryKey, schedulePost } from "../api/schedule-post.ts";
import { sendEditForApproval, sendForApproval } from "../api/send-for-approval.ts";
import { updateScheduledPost } from "../api/update-scheduled-post.ts";
import { uploadMedia } from "../api/upload-media.ts";
import { formatScheduledFor } from "../components/schedule-sheet.tsx";
import { draftRequest } from "../utils/draft.ts";
import { errorText } from "../utils/error-text.ts";
import { ADD_MEDIA_FIRST, scheduleFileTooLargeMessage } from "../utils/media-rules.ts";
import { isInFuture, nowInZone, SCHEDULE_IN_PAST, SELECT_A_DATE } from "../utils/schedule-rules.ts";
import type { ComposerDraft } from "./use-composer-draft.ts";
import type { MediaUploads } from "./use-media-uploads.ts";

export type PublishPhase = "idle" | "preparing" | "publishing" | "scheduling";

/** Spec §5: scheduling needs a signed-in user. */
const LOGIN_TO_SCHEDULE = "You must be logged in to schedule";

/**
 * Publish now, and Schedule through the date sheet: each waits for the draft's media
 * ('Preparing post...'), uploads what is not stored yet, then saves (a new post once, by
 * client id; an edited post into itself) and closes the composer.
 */
export function usePublishActions({
  draft,
  media,
  timeZone,
  needsApproval = false,
}: {
  draft: ComposerDraft;
  media: MediaUploads;
  timeZone: string;
  /**
   * The account's posts need approval and this draft is not an approved post left unchanged
   * (decision 037): Schedule sends it for approval instead (an edit saved into its post).
   */
  needsApproval?: boolean;
}) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<PublishPhase>("idle");
  const [isSheetOpen, setSheetOpen] = useState(false);
  // Issue 24: Schedule opens the sheet unless a time was confirmed there in this opening; a
  // pre-filled, restored or AI-suggested time is never used without being seen.
  const [isTimeConfirmed, setTimeConfirmed] = useState(false);
  const { edit, caption, hashtags, collaborators, choice, clientId, finish } = draft;
  const isBusy = phase !== "idle";

  const publish = async () => {
    if (!media.hasMediaComing()) {
      toast.error(ADD_MEDIA_FIRST);
      return;
    }
    setPhase("preparing");
    try {
      if (!(await media.waitUntilReady())) return;
      const uploaded = await media.ensureUploaded();
      if (!uploaded) return;
      setPhase("publishing");
      const request = draftRequest({ items: uploaded, caption, hashtags, collaborators });
      const { post } = edit
        ? await updateScheduledPost(edit.postId, {
            ...request,
            time_zone: timeZone,
            publish_now: true,
          })
        : await publishNow({ ...request, time_zone: timeZone, client_id: clientId });
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
      // The plan's monthly posts are used up (issue 30): 'Upgrade your plan' says so.
      if (openUpgradeIfPlanRequired(error)) return;
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

  const confirmSchedule = async () => {
    if (!media.hasMediaComing()) {
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
      if (!(await media.waitUntilReady())) return;
      // Spec §5: the file over 50MB (one kept from before the limit, say) is named before upload.
      const oversized = media.currentItems().find((item) => item.file.size > MAX_FILE_BYTES);
      if (oversized) {
        toast.error(scheduleFileTooLargeMessage(oversized.file.size));
        return;
      }
      const uploaded = await media.ensureUploaded();
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
      if (needsApproval) {
        if (edit) await sendEditForApproval(edit.postId, request);
        else await sendForApproval({ ...request, client_id: clientId });
        toast.success("Sent for approval", {
          description: `It is scheduled for ${formatScheduledFor(wall, timeZone)} once approved.`,
        });
        window.dispatchEvent(new CustomEvent("scheduled-posts:updated"));
        void queryClient.invalidateQueries({ queryKey: scheduledPostsQueryKey });
        setSheetOpen(false);
        finish();
        return;
      }
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
      // The plan's monthly posts used up opens 'Upgrade your plan' instead (issue 30).
      if (openUpgradeIfPlanRequired(error)) return;
      if (error instanceof ApiError && error.status === 401) toast.error(LOGIN_TO_SCHEDULE);
      else if (error instanceof ApiError && error.message === SCHEDULE_IN_PAST) {
        toast.error(SCHEDULE_IN_PAST);
      } else if (needsApproval && error instanceof ApiError && error.status > 0) {
        // The composer stays open with the edits: nothing is lost.
        toast.error("Could not send for approval", { description: errorText(error) });
      } else if (error instanceof ApiError && error.status > 0) {
        toast.error("Failed to save schedule", { description: errorText(error) });
      } else toast.error("Schedule failed", { description: errorText(error) });
    } finally {
      setPhase("idle");
    }
  };

  const schedule = () => {
    if (!media.hasMediaComing()) {
      toast.error(ADD_MEDIA_FIRST);
      return;
    }
    // Spec §4: scheduling with no date chosen opens the date sheet; issue 24: so does a date
    // nobody confirmed in this opening (pre-filled, restored or suggested).
    if (!choice.date || !isTimeConfirmed) setSheetOpen(true);
    else void confirmSchedule();
  };

  return {
    phase,
    isBusy,
    isSheetOpen,
    setSheetOpen,
    /** A time shown again before it is used (Discard on a restored draft). */
    forgetConfirmedTime: () => setTimeConfirmed(false),
    publish,
    schedule,
    confirmSchedule,
  };
}
