import { InstagramConnectionSection } from "../../../features/instagram/components/instagram-connection-section.tsx";
import { SettingsPage } from "../../../features/settings/components/settings-page.tsx";

/** Settings, with the instagram feature's connection section in its Instagram card. */
export default function SettingsRoute() {
  return <SettingsPage instagramSection={<InstagramConnectionSection />} />;
}
