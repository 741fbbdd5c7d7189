import { SettingsPage } from "../../../features/settings/components/settings-page.tsx";

export default function SettingsRoute() {
  return <SettingsPage />;
}
