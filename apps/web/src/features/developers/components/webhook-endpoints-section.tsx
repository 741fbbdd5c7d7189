import {
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  type WebhookEventType,
  webhookEventLabels,
  webhookEventTypes,
} from "@sightline/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { Copy } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
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
import { FieldMessage, Input, Label } from "../../../components/ui/input.tsx";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { ApiError } from "../../../lib/api-error.ts";
import { toast } from "../../../lib/toast.ts";
import { usePlanLock } from "../../../lib/workspaces.ts";
import { useCreateWebhookEndpoint } from "../api/create-webhook-endpoint.ts";
import { useDeleteWebhookEndpoint } from "../api/delete-webhook-endpoint.ts";
import { useWebhookDeliveries, type WebhookDelivery } from "../api/list-webhook-deliveries.ts";
import {
  useWebhookEndpoints,
  type WebhookEndpoint,
  webhookEndpointsQueryKey,
} from "../api/list-webhook-endpoints.ts";
import { useResendWebhookDelivery } from "../api/resend-webhook-delivery.ts";
import { useRollWebhookSecret } from "../api/roll-webhook-secret.ts";
import { useSendWebhookTestEvent } from "../api/send-webhook-test-event.ts";
import { useUpdateWebhookEndpoint } from "../api/update-webhook-endpoint.ts";
import "../locales.ts";

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : String(error);
}

const statusVariant = {
  pending: "neutral",
  succeeded: "success",
  failed: "warning",
  given_up: "warning",
} as const;

/** The secret, once: after adding an endpoint or rolling its secret. */
function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation("developers");
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? "");
      toast.success(t("webhooks.copied"));
    } catch {
      toast.error(t("webhooks.copyFailed"));
    }
  };
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("webhooks.done")}>
        <DialogTitle className="pr-8">{t("webhooks.secretTitle")}</DialogTitle>
        <DialogDescription className="mt-2">{t("webhooks.secretBody")}</DialogDescription>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <label htmlFor={id} className="sr-only">
            {t("webhooks.secretTitle")}
          </label>
          <Input
            id={id}
            readOnly
            value={secret ?? ""}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs sm:text-xs"
            data-testid="webhook-secret"
          />
          <Button type="button" variant="outline" onClick={copy} className="shrink-0">
            <Copy aria-hidden="true" />
            {t("webhooks.copy")}
          </Button>
        </div>
        <div className="mt-6 flex justify-end">
          <Button type="button" onClick={onClose}>
            {t("webhooks.done")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  body: string;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation("developers");
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent closeLabel={t("webhooks.cancel")}>
        <DialogTitle className="pr-8">{props.title}</DialogTitle>
        <DialogDescription className="mt-2 break-words">{props.body}</DialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={() => props.onOpenChange(false)}>
            {t("webhooks.cancel")}
          </Button>
          <Button
            type="button"
            variant="destructive"
            disabled={props.isPending}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function EventChoices({
  value,
  onChange,
  legend,
}: {
  value: WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  legend: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-900">{legend}</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {webhookEventTypes.map((type) => (
          <label key={type} className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 size-4 rounded border-slate-300 accent-brand-600"
              checked={value.includes(type)}
              onChange={(event) =>
                onChange(
                  event.currentTarget.checked
                    ? [...value, type]
                    : value.filter((entry) => entry !== type),
                )
              }
            />
            <span>
              {webhookEventLabels[type]} <code className="text-xs text-slate-500">{type}</code>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AddEndpointForm({
  onCreated,
  onCancel,
}: {
  onCreated: (secret: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation("developers");
  const id = useId();
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) {
      setErrors({ events: t("webhooks.chooseEvent") });
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync({ url, description, events });
      onCreated(created.secret);
    } catch (caught) {
      const urlIssue =
        caught instanceof ApiError
          ? caught.issues?.find((issue) => issue.path === "url")?.message
          : undefined;
      setErrors(urlIssue ? { url: urlIssue } : { form: messageOf(caught) });
    }
  };
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4"
      aria-label={t("webhooks.add")}
    >
      <div>
        <Label htmlFor={`${id}-url`}>{t("webhooks.url")}</Label>
        <Input
          id={`${id}-url`}
          className="mt-1.5"
          type="url"
          inputMode="url"
          placeholder="https://example.com/sightline-webhook"
          maxLength={WEBHOOK_URL_MAX}
          value={url}
          onChange={(event) => setUrl(event.currentTarget.value)}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={`${id}-url-hint${errors.url ? ` ${id}-url-error` : ""}`}
        />
        <p id={`${id}-url-hint`} className="mt-1.5 text-xs text-slate-500">
          {t("webhooks.urlHint")}
        </p>
        <FieldMessage id={`${id}-url-error`}>{errors.url}</FieldMessage>
      </div>
      <div>
        <Label htmlFor={`${id}-description`}>{t("webhooks.description")}</Label>
        <Input
          id={`${id}-description`}
          className="mt-1.5"
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
      </div>
      <div>
        <EventChoices value={events} onChange={setEvents} legend={t("webhooks.events")} />
        <FieldMessage id={`${id}-events-error`}>{errors.events}</FieldMessage>
      </div>
      <FieldMessage id={`${id}-form-error`}>{errors.form}</FieldMessage>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t("webhooks.cancel")}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t("webhooks.creating") : t("webhooks.create")}
        </Button>
      </div>
    </form>
  );
}

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const { t } = useTranslation("developers");
  const format = useFormatDateTime();
  const resend = useResendWebhookDelivery();
  const when = delivery.deliveredAt ?? delivery.createdAt;
  return (
    <li
      className="grid grid-cols-2 gap-x-3 gap-y-1 py-3 text-sm sm:grid-cols-[12rem_1fr_7rem_3.5rem_4.5rem_6.5rem_5.5rem] sm:items-center"
      data-testid="webhook-delivery"
    >
      <span className="text-slate-600 tabular-nums">
        <span className="sr-only">{t("webhooks.time")}: </span>
        {format(when, { dateStyle: "medium", timeStyle: "medium" })}
      </span>
      <code className="truncate text-xs text-slate-800 sm:text-sm">{delivery.eventType}</code>
      <span>
        <Badge variant={statusVariant[delivery.status]}>
          {t(`webhooks.statuses.${delivery.status}`)}
        </Badge>
      </span>
      <span className="text-slate-700 tabular-nums">
        <span className="sm:sr-only">{t("webhooks.code")} </span>
        {delivery.responseCode ?? "—"}
      </span>
      <span className="text-slate-600 tabular-nums">
        <span className="sr-only">{t("webhooks.duration")}: </span>
        {delivery.durationMs === null ? "—" : `${delivery.durationMs} ms`}
      </span>
      <span className="text-slate-600">
        <span className="sm:sr-only">{t("webhooks.attempt")} </span>
        {t("webhooks.attemptN", { n: delivery.attempt })}
        {delivery.manual ? ` · ${t("webhooks.manual")}` : ""}
      </span>
      <span className="col-span-2 sm:col-span-1 sm:justify-self-end">
        <Button
          variant="ghost"
          size="sm"
          disabled={resend.isPending || delivery.status === "pending"}
          onClick={() =>
            resend.mutate(
              { id: endpointId, deliveryId: delivery.id },
              { onSuccess: () => toast.success(t("webhooks.resent")) },
            )
          }
        >
          {t("webhooks.resend")}
        </Button>
      </span>
      {(delivery.responseExcerpt || delivery.nextAttemptAt) && (
        <p className="col-span-2 break-words text-xs text-slate-500 sm:col-span-7">
          {delivery.responseExcerpt}
          {delivery.nextAttemptAt
            ? ` ${t("webhooks.nextAttempt", { time: format(delivery.nextAttemptAt, { timeStyle: "short" }) })}`
            : ""}
        </p>
      )}
    </li>
  );
}

function DeliveryLog({
  endpointId,
  lastStatus,
}: {
  endpointId: string;
  /** The endpoint card's "last delivery": brought up to date when the log's newest settles. */
  lastStatus: string | undefined;
}) {
  const { t } = useTranslation("developers");
  const queryClient = useQueryClient();
  const [pages, setPages] = useState<number[]>([]);
  const before = pages.at(-1);
  const log = useWebhookDeliveries(endpointId, before);
  const newest = before === undefined ? log.data?.items[0]?.status : undefined;
  useEffect(() => {
    if (newest !== undefined && lastStatus !== undefined && newest !== lastStatus) {
      void queryClient.invalidateQueries({ queryKey: webhookEndpointsQueryKey, exact: true });
    }
  }, [newest, lastStatus, queryClient]);
  if (log.isPending) {
    return (
      <div className="space-y-2" aria-hidden="true">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-8 rounded-lg" />
        ))}
      </div>
    );
  }
  if (log.isError) {
    return (
      <QueryError
        message={t("webhooks.logFailed")}
        retryLabel={t("webhooks.retry")}
        onRetry={() => void log.refetch()}
      />
    );
  }
  const { items, nextBefore } = log.data;
  return (
    <div>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{t("webhooks.logEmpty")}</p>
      ) : (
        <>
          <div
            className="hidden grid-cols-[12rem_1fr_7rem_3.5rem_4.5rem_6.5rem_5.5rem] gap-x-3 border-b border-slate-100 pb-2 text-xs font-medium uppercase tracking-wide text-slate-500 sm:grid"
            aria-hidden="true"
          >
            <span>{t("webhooks.time")}</span>
            <span>{t("webhooks.event")}</span>
            <span>{t("webhooks.status")}</span>
            <span>{t("webhooks.code")}</span>
            <span>{t("webhooks.duration")}</span>
            <span>{t("webhooks.attempt")}</span>
            <span />
          </div>
          <ul className="divide-y divide-slate-100" aria-label={t("webhooks.log")}>
            {items.map((delivery) => (
              <DeliveryRow key={delivery.id} endpointId={endpointId} delivery={delivery} />
            ))}
          </ul>
        </>
      )}
      {(nextBefore !== null || pages.length > 0) && (
        <div className="mt-2 flex gap-2">
          {pages.length > 0 && (
            <Button variant="ghost" size="sm" onClick={() => setPages([])}>
              {t("webhooks.newer")}
            </Button>
          )}
          {nextBefore !== null && (
            <Button variant="ghost" size="sm" onClick={() => setPages([...pages, nextBefore])}>
              {t("webhooks.older")}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function EndpointCard({
  endpoint,
  locked,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  locked: boolean;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation("developers");
  const format = useFormatDateTime();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const roll = useRollWebhookSecret();
  const test = useSendWebhookTestEvent();
  const [showLog, setShowLog] = useState(false);
  const [editing, setEditing] = useState<WebhookEventType[] | null>(null);
  const [confirm, setConfirm] = useState<"delete" | "roll" | null>(null);
  const last = endpoint.lastDelivery;
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-testid="webhook-endpoint">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="break-all font-mono text-sm font-medium text-slate-900">{endpoint.url}</p>
          {endpoint.description && (
            <p className="mt-0.5 text-sm text-slate-600">{endpoint.description}</p>
          )}
        </div>
        <Badge variant={endpoint.enabled ? "success" : "warning"} className="self-start">
          {endpoint.enabled ? t("webhooks.enabled") : t("webhooks.disabled")}
        </Badge>
      </div>
      {!endpoint.enabled && endpoint.disabledReason && (
        <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {endpoint.disabledReason}
        </p>
      )}
      {editing ? (
        <div className="mt-3 space-y-3">
          <EventChoices value={editing} onChange={setEditing} legend={t("webhooks.events")} />
          <div className="flex gap-2">
            <Button
              size="sm"
              disabled={editing.length === 0 || update.isPending}
              onClick={() =>
                update.mutate(
                  { id: endpoint.id, events: editing },
                  {
                    onSuccess: () => {
                      setEditing(null);
                      toast.success(t("webhooks.saved"));
                    },
                  },
                )
              }
            >
              {t("webhooks.save")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
              {t("webhooks.cancel")}
            </Button>
          </div>
        </div>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t("webhooks.events")}>
          {endpoint.events.map((type) => (
            <li key={type}>
              <Badge variant="neutral">
                <code>{type}</code>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm text-slate-600">
        {t("webhooks.lastDelivery")}:{" "}
        {last ? (
          <>
            <Badge variant={statusVariant[last.status]}>
              {t(`webhooks.statuses.${last.status}`)}
            </Badge>{" "}
            {last.responseCode !== null && (
              <span className="tabular-nums">{last.responseCode} · </span>
            )}
            <code className="text-xs">{last.eventType}</code> ·{" "}
            {format(last.at, { dateStyle: "medium", timeStyle: "short" })}
          </>
        ) : (
          t("webhooks.never")
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={locked || test.isPending}
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: () => {
                setShowLog(true);
                toast.success(t("webhooks.testQueued"));
              },
            })
          }
        >
          {t("webhooks.sendTest")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setShowLog(!showLog)}>
          {showLog ? t("webhooks.hideLog") : t("webhooks.log")}
        </Button>
        {!editing && (
          <Button size="sm" variant="ghost" onClick={() => setEditing([...endpoint.events])}>
            {t("webhooks.editEvents")}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          disabled={update.isPending || (locked && !endpoint.enabled)}
          onClick={() =>
            update.mutate(
              { id: endpoint.id, enabled: !endpoint.enabled },
              {
                onSuccess: () =>
                  toast.success(
                    endpoint.enabled ? t("webhooks.switchedOff") : t("webhooks.switchedOn"),
                  ),
              },
            )
          }
        >
          {endpoint.enabled ? t("webhooks.switchOff") : t("webhooks.switchOn")}
        </Button>
        <Button size="sm" variant="ghost" disabled={locked} onClick={() => setConfirm("roll")}>
          {t("webhooks.rollSecret")}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={() => setConfirm("delete")}
        >
          {t("webhooks.delete")}
        </Button>
      </div>
      {showLog && (
        <section className="mt-4 border-t border-slate-100 pt-3" aria-label={t("webhooks.log")}>
          <DeliveryLog endpointId={endpoint.id} lastStatus={last?.status} />
        </section>
      )}
      <ConfirmDialog
        open={confirm === "delete"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t("webhooks.deleteTitle")}
        body={t("webhooks.deleteBody", { url: endpoint.url })}
        confirmLabel={t("webhooks.delete")}
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(endpoint.id, {
            onSuccess: () => {
              setConfirm(null);
              toast.success(t("webhooks.deleted"));
            },
          })
        }
      />
      <ConfirmDialog
        open={confirm === "roll"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t("webhooks.rollTitle")}
        body={t("webhooks.rollBody")}
        confirmLabel={t("webhooks.roll")}
        isPending={roll.isPending}
        onConfirm={() =>
          roll.mutate(endpoint.id, {
            onSuccess: ({ secret }) => {
              setConfirm(null);
              onSecret(secret);
            },
          })
        }
      />
    </li>
  );
}

/**
 * Settings → Developers, webhooks (issue 35 points 4 and 6): the workspace's endpoints with their
 * last delivery, adding one (its secret shown once), events, on/off, roll secret, delete, "Send
 * test event" and each endpoint's delivery log with Resend. For owners and admins; adding and
 * testing need the plan's public API (Pro and Premium), locked in place otherwise.
 */
export function WebhookEndpointsSection() {
  const { t } = useTranslation("developers");
  const endpoints = useWebhookEndpoints();
  const lock = usePlanLock("publicApi");
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  if (endpoints.isPending) {
    return (
      <div className="space-y-3" aria-hidden="true">
        <Skeleton className="h-5 w-2/3 rounded" />
        <Skeleton className="h-32 rounded-xl" />
      </div>
    );
  }
  if (endpoints.isError) {
    return (
      <QueryError
        message={t("webhooks.loadFailed")}
        retryLabel={t("webhooks.retry")}
        onRetry={() => void endpoints.refetch()}
      />
    );
  }
  const list = endpoints.data.endpoints;
  return (
    <div className="space-y-4" data-testid="webhook-endpoints">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{t("webhooks.title")}</h3>
        <p className="mt-1 text-sm text-slate-600">{t("webhooks.intro")}</p>
      </div>
      {list.length === 0 && !adding && !lock && (
        <p className="text-sm text-slate-500">{t("webhooks.empty")}</p>
      )}
      {list.length > 0 && (
        <ul className="space-y-3">
          {list.map((endpoint) => (
            <EndpointCard
              key={endpoint.id}
              endpoint={endpoint}
              locked={lock !== null}
              onSecret={setSecret}
            />
          ))}
        </ul>
      )}
      {lock ? (
        <LockedFeature detail={lock} />
      ) : adding ? (
        <AddEndpointForm
          onCancel={() => setAdding(false)}
          onCreated={(created) => {
            setAdding(false);
            setSecret(created);
          }}
        />
      ) : (
        <Button variant="outline" onClick={() => setAdding(true)}>
          {t("webhooks.add")}
        </Button>
      )}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
