import { z } from "zod";
import { type WorkspaceRole, workspaceRoles } from "./workspace-roles.ts";

export * from "./workspace-roles.ts";

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
