import { Settings } from "lucide-react";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";

/** /settings (filled by the Settings work of issue 11: profile, Instagram, security, plan, data). */
export function SettingsPage() {
  return (
    <EmptyState icon={Settings} title="Settings are on their way">
      <p>
        Your profile, your Instagram connection, security (password, two-factor, passkeys,
        sessions), your plan and your data (export and account deletion) will be managed here.
      </p>
    </EmptyState>
  );
}
