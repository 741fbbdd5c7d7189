import { SettingsPage } from "../../../features/settings/components/settings-page.tsx";

export default SettingsPage;
