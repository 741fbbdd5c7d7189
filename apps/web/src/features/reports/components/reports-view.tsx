import { CalendarClock, FileText, Plus, Users } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { EmptyState } from "../../../components/feedback/empty-state.tsx";
import { LockedFeature } from "../../../components/feedback/locked-feature.tsx";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { paths } from "../../../config/paths.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import { usePlanLock } from "../../../lib/workspaces.ts";
import { useReports } from "../api/list-reports.ts";
import { ReportBuilder } from "./report-builder.tsx";

/**
 * /reports (issue 33 points 4-6): the workspace's client reports (a Client sees those shared
 * with them), and the builder for editors and up.
 */
export function ReportsView() {
  const reports = useReports();
  const canBuild = useCan("reports:write");
  const lock = usePlanLock("teamMembers");
  const navigate = useNavigate();
  const [building, setBuilding] = useState(false);

  if (reports.isPending) {
    return (
      <SkeletonGroup label="Loading reports" className="mx-auto max-w-5xl space-y-3">
        <Skeleton className="h-8 w-64 bg-slate-200" />
        <Skeleton className="h-20 rounded-2xl" />
        <Skeleton className="h-20 rounded-2xl" />
      </SkeletonGroup>
    );
  }
  if (reports.isError) {
    return (
      <QueryError error={reports.error} onRetry={reports.refetch} className="mx-auto max-w-xl" />
    );
  }
  const data = reports.data;
  const accountName = (id: string) =>
    data.accounts.find((account) => account.id === id)?.username ?? null;
  return (
    <div className="mx-auto max-w-5xl">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="min-w-0 max-w-xl text-sm text-slate-600">
          Branded reports of your accounts for clients: open one here, download it as a PDF, or have
          it e-mailed each week or month.
        </p>
        {canBuild && data.allowed ? (
          <Button size="sm" onClick={() => setBuilding(true)} disabled={data.accounts.length === 0}>
            <Plus aria-hidden="true" />
            New report
          </Button>
        ) : null}
      </div>
      {lock ? <LockedFeature detail={lock} /> : null}
      {data.allowed && data.reports.length === 0 ? (
        <EmptyState
          icon={FileText}
          title={canBuild ? "No reports yet" : "No reports shared with you yet"}
          className="mt-6"
          size="panel"
        >
          {canBuild
            ? data.accounts.length === 0
              ? "Connect an Instagram account first: a report shows its figures."
              : "Build a report: pick the accounts and sections, add your colour and a note."
            : "When the agency shares a report with you, it appears here."}
        </EmptyState>
      ) : null}
      {data.reports.length > 0 ? (
        <ul className="mt-6 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
          {data.reports.map((report) => (
            <li key={report.id} data-testid="report-row">
              <Link
                to={paths.report(report.id)}
                className="flex flex-col gap-2 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center"
              >
                <span
                  aria-hidden="true"
                  className="hidden size-3 shrink-0 rounded-full sm:block"
                  style={{ backgroundColor: report.accentColor }}
                />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{report.name}</span>
                  <span className="block truncate text-sm text-slate-600">
                    {report.accountIds
                      .map((id) => accountName(id))
                      .filter(Boolean)
                      .map((name) => `@${name}`)
                      .join(", ") || `${report.accountIds.length} account(s)`}
                  </span>
                </span>
                <span className="flex flex-wrap gap-2">
                  {report.scheduleEnabled ? (
                    <Badge variant="success">
                      <CalendarClock aria-hidden="true" className="size-3" />
                      {report.frequency === "weekly" ? "Weekly" : "Monthly"} to{" "}
                      {report.recipients.length}
                    </Badge>
                  ) : (
                    <Badge variant="neutral">Not scheduled</Badge>
                  )}
                  {report.sharedWith.length > 0 ? (
                    <Badge variant="brand">
                      <Users aria-hidden="true" className="size-3" />
                      Shared with {report.sharedWith.length}
                    </Badge>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {building ? (
        <ReportBuilder
          open
          onOpenChange={setBuilding}
          overview={data}
          onSaved={(id) => navigate(paths.report(id))}
        />
      ) : null}
    </div>
  );
}
