import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../../../config/paths.ts";
import { ApprovalSettingsSection } from "../../../features/approvals/components/approval-settings-section.tsx";
import { AccessTokensSection } from "../../../features/developers/components/access-tokens-section.tsx";
import { McpConnectionSection } from "../../../features/developers/components/mcp-connection-section.tsx";
import { WebhookEndpointsSection } from "../../../features/developers/components/webhook-endpoints-section.tsx";
import { InstagramConnectionSection } from "../../../features/instagram/components/instagram-connection-section.tsx";
import { PlanSection } from "../../../features/plans/components/plan-section.tsx";
import { SettingsPage } from "../../../features/settings/components/settings-page.tsx";
import { useMembers } from "../../../features/workspaces/api/list-members.ts";
import { AuditLog } from "../../../features/workspaces/components/audit-log.tsx";
import { TeamSection } from "../../../features/workspaces/components/team-section.tsx";
import { useCan } from "../../../lib/workspace-role.tsx";

/**
 * Settings, with the instagram feature's connection section in its Instagram card and the
 * workspaces feature's team and audit log in theirs (with the approvals feature's setting and
 * named approvers, picked from the team), the plans feature's plan table, and the
 * developers feature's tokens, MCP connection and (owners and admins) webhook endpoints in the
 * Developers card.
 */
export default function SettingsRoute() {
  return (
    <SettingsPage
      instagramSection={<InstagramConnectionSection />}
      teamSection={
        <>
          <TeamSection />
          <ApprovalBlock />
        </>
      }
      auditSection={<AuditLog />}
      planSection={<PlanSection />}
      developersSection={<DevelopersBlocks />}
    />
  );
}

/** Post approvals with the workspace's members to name approvers from (two features meet here). */
function ApprovalBlock() {
  const members = useMembers();
  return <ApprovalSettingsSection members={members.data?.members} />;
}

/**
 * The Developers card's blocks: tokens and the MCP connection for every member who reads,
 * webhooks for owners and admins.
 */
function DevelopersBlocks() {
  const canManageWebhooks = useCan("developers");
  const { t } = useTranslation("settings");
  return (
    <>
      <AccessTokensSection />
      <McpConnectionSection />
      {canManageWebhooks ? <WebhookEndpointsSection /> : null}
      <p className="text-sm">
        <Link to={paths.developers} className="font-medium text-brand-700 hover:underline">
          {t("developers.reference")}
        </Link>
      </p>
    </>
  );
}
