import { InstagramGuard } from "../../../features/instagram/components/instagram-guard.tsx";
import { MentionsView } from "../../../features/mentions/components/mentions-view.tsx";

export default function MentionsPage() {
  return (
    <InstagramGuard>
      <MentionsView />
    </InstagramGuard>
  );
}
