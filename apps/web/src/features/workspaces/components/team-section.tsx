import { zodResolver } from "@hookform/resolvers/zod";
import {
  type InvitableRole,
  type InviteMemberInput,
  invitableRoles,
  inviteMemberSchema,
  planRefusal,
  workspaceNameSchema,
} from "@sightline/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { ImageIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { LockedFeature } from "../../../components/feedback/locked-feature.tsx";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton } from "../../../components/feedback/skeleton.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button, buttonVariants } from "../../../components/ui/button.tsx";
import { FieldMessage, Input, Label, Select } from "../../../components/ui/input.tsx";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { ApiError } from "../../../lib/api-error.ts";
import { useSession } from "../../../lib/session/session-provider.tsx";
import { toast } from "../../../lib/toast.ts";
import { setOpenWorkspaceId } from "../../../lib/workspace.ts";
import {
  isAllowed,
  useWorkspaces,
  type WorkspacesOverview,
  workspacesQueryKey,
} from "../../../lib/workspaces.ts";
import { cn } from "../../../utils/cn.ts";
import { useChangeMemberRole } from "../api/change-member-role.ts";
import { useInviteMember } from "../api/invite-member.ts";
import { useLeaveWorkspace } from "../api/leave-workspace.ts";
import { type MembersOverview, useMembers } from "../api/list-members.ts";
import { useRemoveMember } from "../api/remove-member.ts";
import { useRenameWorkspace } from "../api/rename-workspace.ts";
import { useRevokeInvitation } from "../api/revoke-invitation.ts";
import { useTransferOwnership } from "../api/transfer-ownership.ts";
import { useRemoveWorkspaceLogo, useSetWorkspaceLogo } from "../api/workspace-logo.ts";
import "../locales.ts";
import { ConfirmDialog } from "./confirm-dialog.tsx";

type Member = MembersOverview["members"][number];
type Current = WorkspacesOverview["current"];

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <div className="mt-3">{children}</div>
    </div>
  );
}

function fieldError(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

function LogoForm({ current }: { current: Current }) {
  const { t } = useTranslation("workspaces");
  const id = useId();
  const setLogo = useSetWorkspaceLogo();
  const removeLogo = useRemoveWorkspaceLogo();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const busy = setLogo.isPending || removeLogo.isPending;
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      await setLogo.mutateAsync(file);
      await queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      toast.success(t("team.logoSaved"));
    } catch (caught) {
      setError(fieldError(caught));
    }
  };
  const remove = async () => {
    setError(null);
    try {
      await removeLogo.mutateAsync();
      await queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      toast.success(t("team.logoRemoved"));
    } catch (caught) {
      setError(fieldError(caught));
    }
  };
  return (
    <div>
      <p className="text-sm font-medium text-slate-900" id={`${id}-title`}>
        {t("team.logo")}
      </p>
      <div className="mt-1.5 flex flex-wrap items-center gap-3">
        <span className="flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
          {current.logo_url ? (
            <img
              src={current.logo_url}
              alt={t("team.logoAlt", { workspace: current.name })}
              className="size-full object-contain"
            />
          ) : (
            <ImageIcon aria-hidden="true" className="size-6 text-slate-400" />
          )}
        </span>
        <label
          className={cn(
            buttonVariants({ variant: "outline", size: "sm" }),
            "cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
            busy && "pointer-events-none opacity-50",
          )}
        >
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="sr-only"
            disabled={busy}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
            onChange={(event) => {
              void choose(event.currentTarget.files?.[0]);
              event.currentTarget.value = "";
            }}
          />
          {setLogo.isPending
            ? t("team.logoUploading")
            : current.logo_url
              ? t("team.logoReplace")
              : t("team.logoUpload")}
        </label>
        {current.logo_url && (
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => void remove()}>
            {t("team.logoRemove")}
          </Button>
        )}
      </div>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
        {t("team.logoHint")}
      </p>
      <FieldMessage id={`${id}-error`}>{error ?? undefined}</FieldMessage>
    </div>
  );
}

function NameForm({ current }: { current: Current }) {
  const { t } = useTranslation("workspaces");
  const id = useId();
  const rename = useRenameWorkspace();
  const queryClient = useQueryClient();
  const form = useForm<{ name: string }>({
    resolver: zodResolver(z.object({ name: workspaceNameSchema })),
    values: { name: current.name },
  });
  const error = form.formState.errors.name?.message;
  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync(name);
      await queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      toast.success(t("team.renamed"));
    } catch (caught) {
      form.setError("name", { message: fieldError(caught) });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <div className="flex-1">
        <Label htmlFor={id}>{t("team.name")}</Label>
        <Input
          id={id}
          className="mt-1.5"
          maxLength={80}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register("name")}
        />
        <FieldMessage id={`${id}-error`}>{error}</FieldMessage>
      </div>
      <Button
        type="submit"
        variant="outline"
        className="sm:mt-7"
        disabled={form.formState.isSubmitting || !form.formState.isDirty}
      >
        {t("team.rename")}
      </Button>
    </form>
  );
}

function MemberRow({
  member,
  current,
  isSelf,
}: {
  member: Member;
  current: Current;
  isSelf: boolean;
}) {
  const { t } = useTranslation("workspaces");
  const changeRole = useChangeMemberRole();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState(false);
  const name = member.name || member.email;
  const canManage = isAllowed(current.role, "members") && member.role !== "owner" && !isSelf;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3" data-testid="team-member">
      <div className="min-w-0 flex-1 basis-48">
        <p className="truncate text-sm font-medium text-slate-900">
          {name}
          {isSelf && <span className="font-normal text-slate-500"> ({t("team.you")})</span>}
        </p>
        <p className="truncate text-xs text-slate-500">{member.email}</p>
      </div>
      {canManage ? (
        <>
          <Select
            aria-label={t("team.roleOf", { name })}
            className="h-9 w-auto py-1 text-sm"
            value={member.role}
            disabled={changeRole.isPending}
            onChange={(event) => {
              const role = event.target.value as InvitableRole;
              changeRole.mutate(
                { userId: member.userId, role },
                {
                  onSuccess: () =>
                    toast.success(t("team.roleChanged", { name, role: t(`roles.${role}`) })),
                },
              );
            }}
          >
            {invitableRoles.map((role) => (
              <option key={role} value={role}>
                {t(`roles.${role}`)}
              </option>
            ))}
          </Select>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(true)}>
            {t("team.remove")}
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title={t("team.removeTitle", { name })}
            body={t("team.removeBody", { name, workspace: current.name })}
            confirmLabel={t("team.remove")}
            cancelLabel={t("team.cancel")}
            isPending={remove.isPending}
            onConfirm={() =>
              remove.mutate(member.userId, {
                onSuccess: () => {
                  setConfirming(false);
                  toast.success(t("team.removed", { name }));
                },
              })
            }
          />
        </>
      ) : (
        <Badge variant={member.role === "owner" ? "brand" : "neutral"}>
          {t(`roles.${member.role}`)}
        </Badge>
      )}
    </li>
  );
}

function InviteForm() {
  const { t } = useTranslation("workspaces");
  const id = useId();
  const invite = useInviteMember();
  const form = useForm<InviteMemberInput>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: "", role: "editor" },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      toast.success(t("team.invited", { email: values.email }));
      form.reset({ email: "", role: values.role });
    } catch (caught) {
      form.setError("email", { message: fieldError(caught) });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-600">{t("team.inviteBody")}</p>
      <div>
        <Label htmlFor={`${id}-email`}>{t("team.email")}</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="off"
          maxLength={254}
          className="mt-1.5"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          {...form.register("email")}
        />
        <FieldMessage id={`${id}-email-error`}>{errors.email?.message}</FieldMessage>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">{t("team.role")}</legend>
        <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
          {invitableRoles.map((role) => (
            <label
              key={role}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                value={role}
                className="mt-0.5 size-4 accent-brand-600"
                {...form.register("role")}
              />
              <span>
                <span className="block font-medium text-slate-900">{t(`roles.${role}`)}</span>
                <span className="block text-slate-600">{t(`roleDescriptions.${role}`)}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldMessage id={`${id}-role-error`}>{errors.role?.message}</FieldMessage>
      </fieldset>
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t("team.sending") : t("team.sendInvite")}
      </Button>
    </form>
  );
}

function PendingInvitations({ invitations }: { invitations: MembersOverview["invitations"] }) {
  const { t } = useTranslation("workspaces");
  const format = useFormatDateTime();
  const revoke = useRevokeInvitation();
  return (
    <ul className="divide-y divide-slate-100">
      {invitations.map((invitation) => (
        <li
          key={invitation.id}
          className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3"
          data-testid="team-invitation"
        >
          <div className="min-w-0 flex-1 basis-48">
            <p className="truncate text-sm font-medium text-slate-900">{invitation.email}</p>
            <p className="text-xs text-slate-500">
              {t(`roles.${invitation.role}`)} ·{" "}
              {t("team.expires", { when: format(invitation.expiresAt, { dateStyle: "medium" }) })}
            </p>
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={revoke.isPending}
            onClick={() =>
              revoke.mutate(invitation.id, { onSuccess: () => toast.success(t("team.revoked")) })
            }
          >
            {t("team.revoke")}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function LeaveWorkspace({ current }: { current: Current }) {
  const { t } = useTranslation("workspaces");
  const leave = useLeaveWorkspace();
  const [confirming, setConfirming] = useState(false);
  return (
    <Block title={t("team.leave")}>
      <p className="text-sm text-slate-600">{t("team.leaveBody", { workspace: current.name })}</p>
      <Button variant="outline" className="mt-3" onClick={() => setConfirming(true)}>
        {t("team.leave")}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("team.leaveTitle", { workspace: current.name })}
        body={t("team.leaveBody", { workspace: current.name })}
        confirmLabel={t("team.leave")}
        cancelLabel={t("team.cancel")}
        isPending={leave.isPending}
        onConfirm={() =>
          leave.mutate(undefined, {
            onSuccess: () => {
              toast.success(t("team.left", { workspace: current.name }));
              // Back to the workspace the server chooses (the personal one at least); a full
              // load so nothing of the left workspace stays in memory.
              setOpenWorkspaceId(null);
              window.location.assign("/dashboard");
            },
          })
        }
      />
    </Block>
  );
}

function TransferOwnership({ current, members }: { current: Current; members: Member[] }) {
  const { t } = useTranslation("workspaces");
  const id = useId();
  const transfer = useTransferOwnership();
  const queryClient = useQueryClient();
  const candidates = members.filter((m) => m.role !== "owner" && m.role !== "client");
  const [userId, setUserId] = useState("");
  const [confirming, setConfirming] = useState(false);
  const chosen = candidates.find((m) => m.userId === userId);
  const chosenName = chosen ? chosen.name || chosen.email : "";
  return (
    <Block title={t("team.transfer")}>
      <p className="text-sm text-slate-600">{t("team.transferBody")}</p>
      {candidates.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t("team.noOthers")}</p>
      ) : (
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Label htmlFor={id}>{t("team.transferTo")}</Label>
            <Select
              id={id}
              className="mt-1.5"
              value={userId}
              onChange={(event) => setUserId(event.target.value)}
            >
              <option value="">{t("team.transferChoose")}</option>
              {candidates.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name || member.email} ({t(`roles.${member.role}`)})
                </option>
              ))}
            </Select>
          </div>
          <Button variant="outline" disabled={!chosen} onClick={() => setConfirming(true)}>
            {t("team.transfer")}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("team.transferTitle", { workspace: current.name, name: chosenName })}
        body={t("team.transferConfirmBody", { name: chosenName })}
        confirmLabel={t("team.transfer")}
        cancelLabel={t("team.cancel")}
        isPending={transfer.isPending}
        onConfirm={() =>
          transfer.mutate(userId, {
            onSuccess: () => {
              setConfirming(false);
              setUserId("");
              void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
              toast.success(t("team.transferred", { name: chosenName, workspace: current.name }));
            },
          })
        }
      />
    </Block>
  );
}

function TeamSkeleton() {
  return (
    <div className="space-y-3" aria-hidden="true">
      {["a", "b", "c"].map((key) => (
        <Skeleton key={key} className="h-14 rounded-xl" />
      ))}
    </div>
  );
}

/**
 * Settings → Team (issue 29): the workspace's name, its members and their roles, inviting,
 * pending invitations, leaving and handing over. Controls a role may not use are not shown; the
 * server checks each again.
 */
export function TeamSection() {
  const { t } = useTranslation("workspaces");
  const workspaces = useWorkspaces();
  const members = useMembers();
  const { session } = useSession();
  if (workspaces.isError || members.isError) {
    return (
      <QueryError
        message={t("team.loadFailed")}
        retryLabel={t("team.retry")}
        onRetry={() => {
          void workspaces.refetch();
          void members.refetch();
        }}
      />
    );
  }
  if (!workspaces.data || !members.data) return <TeamSkeleton />;
  const current = workspaces.data.current;
  const canManage = isAllowed(current.role, "members");
  const inviteLock = planRefusal(current.plan, "teamMembers");
  const isOwner = current.role === "owner";
  return (
    <div className="space-y-6 [&>*+*]:border-t [&>*+*]:border-slate-100 [&>*+*]:pt-5">
      <p className="text-sm text-slate-600">{t("team.description", { workspace: current.name })}</p>
      {canManage && <NameForm current={current} />}
      {canManage && <LogoForm current={current} />}
      <Block title={t("team.members")}>
        <ul className="-my-3 divide-y divide-slate-100" data-testid="team-members">
          {members.data.members.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              current={current}
              isSelf={member.userId === session?.user.id}
            />
          ))}
        </ul>
      </Block>
      {canManage && (
        <Block title={t("team.invite")}>
          {/* Team members are a Premium capability (issue 30): locked in place before a click. */}
          {inviteLock ? <LockedFeature detail={inviteLock} /> : <InviteForm />}
        </Block>
      )}
      {canManage && members.data.invitations.length > 0 && (
        <Block title={t("team.pending")}>
          <PendingInvitations invitations={members.data.invitations} />
        </Block>
      )}
      {isOwner && <TransferOwnership current={current} members={members.data.members} />}
      {!isOwner && <LeaveWorkspace current={current} />}
    </div>
  );
}
