import { Download } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Label, Select } from "../../../components/ui/input.tsx";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { withWorkspace } from "../../../lib/workspace.ts";
import { useAuditEvents } from "../api/list-audit-events.ts";
import "../locales.ts";

/** The filter's choices: the server matches an action by its prefix ("member." is every member event). */
const filters = [
  { value: "", label: "all" },
  { value: "member.", label: "actions.members" },
  { value: "workspace.", label: "actions.workspace" },
  { value: "post.", label: "actions.posts" },
  { value: "inbox.", label: "actions.inbox" },
  { value: "instagram.", label: "actions.connections" },
  { value: "analytics.exported", label: "actions.exports" },
] as const;

/** "member.role_changed" → "member role changed": readable without a table of every action. */
const readableAction = (action: string) => action.replace(/[._]/g, " ");

/** Settings → Audit log (owner and admins): who did what and when, newest first. */
export function AuditLog() {
  const { t } = useTranslation("workspaces");
  const id = useId();
  const [action, setAction] = useState("");
  const events = useAuditEvents(action);
  const format = useFormatDateTime();
  const csvUrl = withWorkspace(
    `/api/workspaces/current/audit?format=csv${action ? `&action=${encodeURIComponent(action)}` : ""}`,
  );
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="sm:w-64">
          <Label htmlFor={id}>{t("audit.filter")}</Label>
          <Select
            id={id}
            className="mt-1.5"
            value={action}
            onChange={(event) => setAction(event.target.value)}
          >
            {filters.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {t(`audit.${filter.label}`)}
              </option>
            ))}
          </Select>
        </div>
        <Button variant="outline" asChild>
          <a href={csvUrl} download="sightline-audit-log.csv">
            <Download aria-hidden="true" /> {t("audit.export")}
          </a>
        </Button>
      </div>
      <div className="mt-4">
        {events.isPending ? (
          <div className="space-y-2" aria-hidden="true">
            {["a", "b", "c", "d"].map((key) => (
              <Skeleton key={key} className="h-10 rounded-lg" />
            ))}
          </div>
        ) : events.isError ? (
          <QueryError
            message={t("audit.loadFailed")}
            retryLabel={t("audit.retry")}
            onRetry={() => void events.refetch()}
          />
        ) : rows.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-200 p-6 text-center text-sm text-slate-500">
            {t("audit.empty")}
          </p>
        ) : (
          <>
            {/* From sm up: a table. */}
            <section
              className="hidden overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600 sm:block"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must be reachable by keyboard
              tabIndex={0}
              aria-label={t("audit.title")}
            >
              <table className="w-full min-w-[36rem] text-left text-sm" data-testid="audit-log">
                <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">
                      {t("audit.time")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t("audit.who")}
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      {t("audit.what")}
                    </th>
                    <th scope="col" className="py-2 pl-3 font-medium">
                      {t("audit.target")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rows.map((event) => (
                    <tr key={event.id} className="align-top">
                      <td className="whitespace-nowrap py-2.5 pr-3 text-slate-600">
                        {format(event.createdAt)}
                      </td>
                      <td className="max-w-48 truncate px-3 py-2.5 text-slate-900">
                        {event.actorEmail ?? t("audit.system")}
                        {event.details.via === "api" && (
                          <span className="block text-xs text-slate-500">{t("audit.viaApi")}</span>
                        )}
                      </td>
                      <td className="px-3 py-2.5 text-slate-900">{readableAction(event.action)}</td>
                      <td className="max-w-56 truncate py-2.5 pl-3 text-slate-600">
                        {event.target ?? ""}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            {/* On a phone: one entry per event, what happened first, nothing to scroll sideways. */}
            <ol className="divide-y divide-slate-100 sm:hidden" aria-label={t("audit.title")}>
              {rows.map((event) => (
                <li key={event.id} className="py-3 text-sm">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="font-medium text-slate-900">
                      {readableAction(event.action)}
                    </span>
                    <span className="shrink-0 text-xs text-slate-500">
                      {format(event.createdAt)}
                    </span>
                  </div>
                  <p className="mt-0.5 truncate text-slate-600">
                    {event.actorEmail ?? t("audit.system")}
                    {event.details.via === "api" && ` · ${t("audit.viaApi")}`}
                  </p>
                  {event.target && <p className="truncate text-slate-500">{event.target}</p>}
                </li>
              ))}
            </ol>
          </>
        )}
        {events.hasNextPage && (
          <Button
            variant="outline"
            size="sm"
            className="mt-4"
            disabled={events.isFetchingNextPage}
            onClick={() => void events.fetchNextPage()}
          >
            {events.isFetchingNextPage ? t("audit.loading") : t("audit.loadMore")}
          </Button>
        )}
      </div>
    </div>
  );
}
