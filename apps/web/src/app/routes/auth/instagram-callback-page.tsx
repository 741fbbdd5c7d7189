import { InstagramCallback } from "../../../features/instagram/components/instagram-callback.tsx";

/** /auth/instagram/callback: where Instagram Login returns. */
export default function InstagramCallbackPage() {
  return <InstagramCallback login="instagram" />;
}
