import { AccessTokensSection } from "../../../features/developers/components/access-tokens-section.tsx";
import { InstagramConnectionSection } from "../../../features/instagram/components/instagram-connection-section.tsx";
import { PlanSection } from "../../../features/plans/components/plan-section.tsx";
import { SettingsPage } from "../../../features/settings/components/settings-page.tsx";
import { AuditLog } from "../../../features/workspaces/components/audit-log.tsx";
import { TeamSection } from "../../../features/workspaces/components/team-section.tsx";

/**
 * Settings, with the instagram feature's connection section in its Instagram card and the
 * workspaces feature's team and audit log in theirs, the plans feature's plan table, and the
 * developers feature's tokens in the Developers card.
 */
export default function SettingsRoute() {
  return (
    <SettingsPage
      instagramSection={<InstagramConnectionSection />}
      teamSection={<TeamSection />}
      auditSection={<AuditLog />}
      planSection={<PlanSection />}
      developersSection={
        <>
          <AccessTokensSection />
          {/* Webhook endpoints (issue 35 point 6) come here, below the tokens, as the card's
              second block, from their own feature. */}
        </>
      }
    />
  );
}
