import { MessagesSquare } from "lucide-react";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";

/** Full-bleed page (spec §2: no padding on /messages); the inbox will fill it. */
export default function MessagesPage() {
  return (
    <div className="flex min-h-[calc(100dvh-4rem)] items-center justify-center px-4 py-10">
      <EmptyState icon={MessagesSquare} title="The inbox is on its way">
        <p>
          Your Instagram direct messages and the comments on your posts will arrive here in one
          inbox, live, with replies, private replies, saved replies and read markers.
        </p>
        <p>The bell in the header already tells you when new messages or comments come in.</p>
      </EmptyState>
    </div>
  );
}
