import { SecretaryQueue } from "../../../features/ai-team/components/secretary-queue.tsx";
import { Inbox } from "../../../features/inbox/components/inbox.tsx";
import { InboxMediaProvider } from "../../../features/inbox/components/inbox-media.tsx";
import { MessagingModeProvider } from "../../../features/inbox/hooks/use-messaging-mode.tsx";
import { InstagramAvatar } from "../../../features/instagram/components/instagram-avatar.tsx";
import { InstagramGuard } from "../../../features/instagram/components/instagram-guard.tsx";
import { avatarAttempt } from "../../../features/instagram/utils/avatar-chain.ts";

const inboxMedia = {
  Avatar: InstagramAvatar,
  // Instagram's CDN addresses go through our media proxy (spec §5).
  mediaUrl: (src: string) => avatarAttempt(src, window.location.origin).url,
};

/**
 * Messages (issue 15): the unified inbox, full-bleed (spec §2: no padding on /messages), behind
 * the Instagram guard.
 */
export default function MessagesPage() {
  return (
    <InstagramGuard className="px-4 py-10">
      <InboxMediaProvider value={inboxMedia}>
        <MessagingModeProvider>
          <Inbox headerActions={<SecretaryQueue />} />
        </MessagingModeProvider>
      </InboxMediaProvider>
    </InstagramGuard>
  );
}
