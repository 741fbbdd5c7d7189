import { AcceptInvitation } from "../../../features/workspaces/components/accept-invitation.tsx";

/** /invitations/accept?token=…: joining a workspace from an invitation's e-mail. */
export default function AcceptInvitationPage() {
  return <AcceptInvitation />;
}
