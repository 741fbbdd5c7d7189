import {
  type ComposerEdit,
  openComposer,
} from "../../../features/composer/hooks/composer-store.ts";
import {
  ContentScheduler,
  type SchedulerComposer,
} from "../../../features/scheduler/components/content-scheduler.tsx";
import { useCan } from "../../../lib/workspace-role.tsx";

type CalendarDraft = Parameters<SchedulerComposer["edit"]>[0];

/** The side panel's draft as the composer edits it. */
function draftToEdit(
  draft: CalendarDraft,
  approvalState: ComposerEdit["approvalState"],
): ComposerEdit {
  return {
    postId: draft.id,
    items: draft.items.map((item) => ({
      mediaType: item.media_type,
      bucket: item.bucket,
      key: item.key,
      url: item.url,
      aspectRatio: item.aspect_ratio ?? undefined,
      durationMs: item.duration_ms ?? undefined,
      cover:
        item.cover_key && item.cover_url ? { key: item.cover_key, url: item.cover_url } : undefined,
      tags: item.tags,
    })),
    caption: draft.caption,
    hashtags: draft.hashtags,
    collaborators: draft.collaborators,
    scheduledTime: draft.time,
    approvalState,
  };
}

/** The scheduler opens the composer through this route module (features never import each other). */
const composer: SchedulerComposer = {
  compose: ({ date, time }) =>
    openComposer({ initialDate: date, initialTime: time, campaign: "Content calendar" }),
  edit: (draft, approvalState) => openComposer({ edit: draftToEdit(draft, approvalState) }),
};

/**
 * Full-bleed page (spec §2: no padding on /content-scheduler). A role without "publish" sees the
 * calendar without its compose and edit entry points.
 */
export default function ContentSchedulerPage() {
  const canPublish = useCan("publish");
  return <ContentScheduler composer={canPublish ? composer : undefined} />;
}
