import { ConnectLinkLanding } from "../../../features/instagram/components/connect-link-landing.tsx";

/** /connect?token=…: an account's owner connects it to the workspace that sent the link. */
export default function ConnectLinkPage() {
  return <ConnectLinkLanding />;
}
