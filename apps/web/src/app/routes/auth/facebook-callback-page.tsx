import { InstagramCallback } from "../../../features/instagram/components/instagram-callback.tsx";

/** /facebook-callback: where Facebook Login (an Instagram account linked to a Page) returns. */
export default function FacebookCallbackPage() {
  return <InstagramCallback login="facebook" />;
}
