// No Zod here: the web app reads these on every page (issue 27 point 3); the request schemas
// live in workspaces.ts, which re-exports all of this.
import { planCapabilities } from "./plans.ts";

/*
 * Workspaces, members and roles (issue 29, decision 026). One table of what each role may do,
 * read by the server's `can()` (which enforces it) and by the web (which hides what a member
 * cannot do before they click).
 */

export const workspaceRoles = ["owner", "admin", "editor", "analyst", "client"] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

/** What a request may do in a workspace. */
export const workspaceActions = [
  /** Analytics, audience, post performance, the content scheduler and the inbox, read only. */
  "read",
  /** Export analytics as CSV. */
  "export",
  /** Compose, schedule, publish, edit and delete posts; upload files. */
  "publish",
  /** Reply, hide, delete, mark read and saved replies in the inbox. */
  "inbox:write",
  /** Add, change and remove radar sources, keywords and hashtags. */
  "radars:write",
  /** Connect, reconnect, disconnect and sync Instagram accounts. */
  "connections",
  /** Invite, remove and change the role of members; rename the workspace. */
  "members",
  /** Read the audit log. */
  "audit",
  /** Outgoing webhooks (and the other Settings → Developers tools). */
  "developers",
  /** Billing, deleting the workspace and handing it to another member. */
  "owner",
  /** See posts sent for approval (clients: only those); reviewers approve them (decision 037). */
  "review",
  /** Turn "posts need approval" on or off and name approvers (decision 037). */
  "approvals",
  /** Open client reports (the Client role: only those shared with them) and their PDFs. */
  "reports",
  /** Build, change, schedule, share and delete client reports. */
  "reports:write",
] as const;
export type WorkspaceAction = (typeof workspaceActions)[number];

const editor: WorkspaceAction[] = [
  "read",
  "export",
  "publish",
  "inbox:write",
  "radars:write",
  "review",
  "reports",
  "reports:write",
];
const admin: WorkspaceAction[] = [
  ...editor,
  "connections",
  "members",
  "audit",
  "developers",
  "approvals",
];

/** The one table: each role and the actions it may take. */
export const rolePermissions: Record<WorkspaceRole, readonly WorkspaceAction[]> = {
  owner: [...admin, "owner"],
  admin,
  editor,
  analyst: ["read", "export", "reports"],
  client: ["review", "reports"],
};

export function can(role: WorkspaceRole, action: WorkspaceAction): boolean {
  return rolePermissions[role].includes(action);
}

export const roleLabels: Record<WorkspaceRole, string> = {
  owner: "Owner",
  admin: "Admin",
  editor: "Editor",
  analyst: "Analyst",
  client: "Client",
};

export const roleDescriptions: Record<WorkspaceRole, string> = {
  owner: "Everything, including billing and deleting the workspace.",
  admin: "Members, connections and settings, and everything an editor does.",
  editor: "Compose, schedule and publish posts; reply in the inbox; radars.",
  analyst: "Reads analytics, audience, post performance and radars; exports CSV.",
  client: "Reads the reports and the posts waiting for their approval.",
};

/** The header the web app sends with every API request: the workspace it has open. */
export const WORKSPACE_HEADER = "x-sightline-workspace";

/**
 * The header naming the Instagram account (its IG_ID) the request acts on, among the open
 * workspace's accounts (`?account=` where a header cannot go); without it, the workspace's first.
 */
export const ACCOUNT_HEADER = "x-sightline-account";

/** How an account is named in a request: Instagram's numeric id. */
export const accountIdPattern = /^\d{1,32}$/;

/** The most Instagram accounts any workspace may connect: the largest plan's (plans.ts). */
export const MAX_ACCOUNTS_PER_WORKSPACE = planCapabilities.premium.accounts;
