import { z } from "zod";
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
  /** Billing, deleting the workspace and handing it to another member. */
  "owner",
] as const;
export type WorkspaceAction = (typeof workspaceActions)[number];

const editor: WorkspaceAction[] = ["read", "export", "publish", "inbox:write", "radars:write"];
const admin: WorkspaceAction[] = [...editor, "connections", "members", "audit"];

/** The one table: each role and the actions it may take. */
export const rolePermissions: Record<WorkspaceRole, readonly WorkspaceAction[]> = {
  owner: [...admin, "owner"],
  admin,
  editor,
  analyst: ["read", "export"],
  client: [],
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

export const workspaceNameSchema = z
  .string()
  .trim()
  .min(1, "Enter a name for the workspace.")
  .max(80, "Keep the workspace name to 80 characters or fewer.");

export const workspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(workspaceRoles),
  personal: z.boolean(),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

export const invitableRoles = ["admin", "editor", "analyst", "client"] as const;
export type InvitableRole = (typeof invitableRoles)[number];

export const inviteMemberSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, "Enter a valid email address.")
    .email("Enter a valid email address.")
    .transform((value) => value.toLowerCase()),
  role: z.enum(invitableRoles, { message: "Choose a role." }),
});
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

export const changeRoleSchema = z.object({
  role: z.enum(invitableRoles, { message: "Choose a role." }),
});

export const transferOwnershipSchema = z.object({
  userId: z.string().min(1).max(200),
});

export const acceptInvitationSchema = z.object({
  token: z.string().min(20).max(200),
});

export type WorkspaceMember = {
  userId: string;
  email: string;
  name: string;
  role: WorkspaceRole;
  joinedAt: string;
};

export type WorkspaceInvitation = {
  id: string;
  email: string;
  role: WorkspaceRole;
  createdAt: string;
  expiresAt: string;
};

export type AuditEvent = {
  id: number;
  actorEmail: string | null;
  action: string;
  accountId: string | null;
  target: string | null;
  details: Record<string, unknown>;
  createdAt: string;
};
