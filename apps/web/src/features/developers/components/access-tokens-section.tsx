import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AccessTokenSummary,
  accessTokenExpiries,
  accessTokenScopes,
  type CreateAccessTokenInput,
  createAccessTokenSchema,
  planRefusal,
  roleAllowsScope,
  scopeDescriptions,
} from "@sightline/contracts";
import { Check, Copy, TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { LockedFeature } from "../../../components/feedback/locked-feature.tsx";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton } from "../../../components/feedback/skeleton.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FieldMessage, Input, Label, Select } from "../../../components/ui/input.tsx";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { ApiError } from "../../../lib/api-error.ts";
import { toast } from "../../../lib/toast.ts";
import { useWorkspaces, type WorkspacesOverview } from "../../../lib/workspaces.ts";
import { useCreateAccessToken } from "../api/create-access-token.ts";
import { useAccessTokens } from "../api/list-access-tokens.ts";
import { useRevokeAccessToken } from "../api/revoke-access-token.ts";
import "../locales.ts";

type Current = WorkspacesOverview["current"];

/** The new token, shown once: copy it now or never. */
function NewToken({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation("developers");
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div
      className="rounded-xl border border-amber-200 bg-amber-50 p-4"
      role="status"
      data-testid="new-access-token"
    >
      <p className="flex items-start gap-2 text-sm font-semibold text-amber-900">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span id={`${id}-title`}>{t("tokens.createdTitle")}</span>
      </p>
      <p className="mt-1 text-sm text-amber-900">{t("tokens.createdBody")}</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          value={token}
          aria-labelledby={`${id}-title`}
          className="min-w-0 flex-1 bg-white font-mono text-xs"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            navigator.clipboard.writeText(token).then(
              () => setCopied(true),
              () => toast.error(t("tokens.copyFailed")),
            );
          }}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? t("tokens.copied") : t("tokens.copy")}
        </Button>
      </div>
      <Button type="button" variant="ghost" size="sm" className="mt-2" onClick={onDone}>
        {t("tokens.done")}
      </Button>
    </div>
  );
}

function CreateTokenForm({
  current,
  onCreated,
}: {
  current: Current;
  onCreated: (token: string) => void;
}) {
  const { t } = useTranslation("developers");
  const id = useId();
  const create = useCreateAccessToken();
  const form = useForm<CreateAccessTokenInput>({
    resolver: zodResolver(createAccessTokenSchema),
    defaultValues: { name: "", scopes: ["analytics:read"], expiresInDays: 30 },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      onCreated(created.token);
      form.reset({ name: "", scopes: values.scopes, expiresInDays: values.expiresInDays });
    } catch (caught) {
      form.setError("name", {
        message: caught instanceof ApiError ? caught.message : String(caught),
      });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <div>
          <Label htmlFor={`${id}-name`}>{t("tokens.name")}</Label>
          <Input
            id={`${id}-name`}
            autoComplete="off"
            maxLength={60}
            placeholder={t("tokens.namePlaceholder")}
            className="mt-1.5"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${id}-name-error` : undefined}
            {...form.register("name")}
          />
          <FieldMessage id={`${id}-name-error`}>{errors.name?.message}</FieldMessage>
        </div>
        <div>
          <Label htmlFor={`${id}-expiry`}>{t("tokens.expiry")}</Label>
          <Select
            id={`${id}-expiry`}
            className="mt-1.5"
            {...form.register("expiresInDays", {
              setValueAs: (value: string | number | null) =>
                value === "never" || value === null ? null : Number(value),
            })}
          >
            {accessTokenExpiries.map((days) => (
              <option key={String(days)} value={days === null ? "never" : String(days)}>
                {t(`tokens.expiries.${days === null ? "never" : String(days)}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">{t("tokens.scopes")}</legend>
        <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
          {accessTokenScopes.map((scope) => {
            const allowed = roleAllowsScope(current.role, scope);
            return (
              <label
                key={scope}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 text-sm has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
              >
                <input
                  type="checkbox"
                  value={scope}
                  disabled={!allowed}
                  className="mt-0.5 size-4 accent-brand-600"
                  {...form.register("scopes")}
                />
                <span className="min-w-0">
                  <span className="block font-mono text-xs font-semibold text-slate-900">
                    {scope}
                  </span>
                  <span className="block text-slate-600">
                    {allowed ? scopeDescriptions[scope] : t("tokens.scopeNotForRole")}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        <FieldMessage id={`${id}-scopes-error`}>{errors.scopes?.message}</FieldMessage>
      </fieldset>
      <Button type="submit" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? t("tokens.creating") : t("tokens.create")}
      </Button>
    </form>
  );
}

function TokenRow({ token }: { token: AccessTokenSummary }) {
  const { t } = useTranslation("developers");
  const format = useFormatDateTime();
  const revoke = useRevokeAccessToken();
  const [confirming, setConfirming] = useState(false);
  const day = (value: string) => format(value, { dateStyle: "medium" });
  const expired = token.expiresAt !== null && Date.parse(token.expiresAt) <= Date.now();
  const inactive = token.revokedAt !== null || expired;
  return (
    <li className="flex flex-wrap items-start gap-x-3 gap-y-2 py-3" data-testid="access-token">
      <div className={inactive ? "min-w-0 flex-1 basis-64 opacity-60" : "min-w-0 flex-1 basis-64"}>
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate text-sm font-medium text-slate-900">{token.name}</span>
          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
            {token.prefix}…
          </code>
        </p>
        <p className="mt-1.5 flex flex-wrap gap-1">
          {token.scopes.map((scope) => (
            <Badge key={scope} variant="neutral" className="font-mono font-medium">
              {scope}
            </Badge>
          ))}
        </p>
        <p className="mt-1.5 text-xs text-slate-500">
          {[
            t("tokens.created", { when: day(token.createdAt) }),
            token.lastUsedAt
              ? t("tokens.lastUsed", {
                  when: format(token.lastUsedAt, { dateStyle: "medium", timeStyle: "short" }),
                })
              : t("tokens.neverUsed"),
            token.revokedAt
              ? t("tokens.revokedOn", { when: day(token.revokedAt) })
              : token.expiresAt
                ? t(expired ? "tokens.expired" : "tokens.expires", { when: day(token.expiresAt) })
                : t("tokens.noExpiry"),
            ...(token.isMine ? [] : [t("tokens.owner", { email: token.ownerEmail })]),
          ].join(" · ")}
        </p>
      </div>
      {!inactive && (
        <Button variant="outline" size="sm" onClick={() => setConfirming(true)}>
          {t("tokens.revoke")}
        </Button>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent closeLabel={t("tokens.cancel")}>
          <DialogTitle className="pr-8">
            {t("tokens.revokeTitle", { name: token.name })}
          </DialogTitle>
          <DialogDescription className="mt-2">{t("tokens.revokeBody")}</DialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="ghost" onClick={() => setConfirming(false)}>
              {t("tokens.cancel")}
            </Button>
            <Button
              type="button"
              variant="destructive"
              disabled={revoke.isPending}
              onClick={() =>
                revoke.mutate(token.id, {
                  onSuccess: () => {
                    setConfirming(false);
                    toast.success(t("tokens.revoked"));
                  },
                })
              }
            >
              {t("tokens.revoke")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </li>
  );
}

function TokensSkeleton() {
  return (
    <div className="space-y-3" aria-hidden="true">
      {[0, 1].map((key) => (
        <Skeleton key={key} className="h-16 rounded-xl" />
      ))}
    </div>
  );
}

/**
 * Settings → Developers → Personal access tokens (issue 35): make one (name, scopes the role
 * allows, expiry), see it once, list and revoke. A plan without the public API shows the lock.
 */
export function AccessTokensSection() {
  const { t } = useTranslation("developers");
  const workspaces = useWorkspaces();
  const tokens = useAccessTokens();
  const [created, setCreated] = useState<string | null>(null);
  if (workspaces.isError || tokens.isError) {
    return (
      <QueryError
        message={t("tokens.loadFailed")}
        retryLabel={t("tokens.retry")}
        onRetry={() => {
          void workspaces.refetch();
          void tokens.refetch();
        }}
      />
    );
  }
  const current = workspaces.data?.current;
  const lock = current ? planRefusal(current.plan, "publicApi") : null;
  return (
    <div data-testid="access-tokens-section">
      <h3 className="text-sm font-semibold text-slate-900">{t("tokens.title")}</h3>
      <p className="mt-1 text-sm text-slate-600">{t("tokens.description")}</p>
      <div className="mt-4 space-y-5">
        {!current || !tokens.data ? (
          <TokensSkeleton />
        ) : (
          <>
            {created && <NewToken token={created} onDone={() => setCreated(null)} />}
            {lock ? (
              <LockedFeature detail={lock} />
            ) : (
              <CreateTokenForm current={current} onCreated={setCreated} />
            )}
            {tokens.data.tokens.length === 0 ? (
              lock ? null : (
                <p className="text-sm text-slate-500">{t("tokens.empty")}</p>
              )
            ) : (
              <ul
                className="divide-y divide-slate-100 border-t border-slate-100"
                data-testid="access-tokens"
              >
                {tokens.data.tokens.map((token) => (
                  <TokenRow key={token.id} token={token} />
                ))}
              </ul>
            )}
            {!lock && <p className="text-xs text-slate-500">{t("tokens.docs")}</p>}
          </>
        )}
      </div>
    </div>
  );
}
