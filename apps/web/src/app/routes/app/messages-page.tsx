import { MessagesSquare } from "lucide-react";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";
import { InstagramGuard } from "../../../features/instagram/components/instagram-guard.tsx";

/**
 * Full-bleed page (spec §2: no padding on /messages); the inbox will fill it. Needs a connected
 * Instagram account (spec §2).
 */
export default function MessagesPage() {
  return (
    <InstagramGuard className="px-4 py-10">
      <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-10">
        <EmptyState icon={MessagesSquare} title="The inbox is on its way">
          <p>
            Your Instagram direct messages and the comments on your posts will arrive here in one
            inbox, live, with replies, private replies, saved replies and read markers.
          </p>
          <p>The bell in the header already tells you when new messages or comments come in.</p>
        </EmptyState>
      </div>
    </InstagramGuard>
  );
}
