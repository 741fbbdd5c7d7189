import { ArrowLeft, Download, Pencil, RotateCw, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Link, useNavigate } from "react-router";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input, Label } from "../../../components/ui/input.tsx";
import { paths } from "../../../config/paths.ts";
import { useCan } from "../../../lib/workspace-role.tsx";
import { useDeleteReport } from "../api/delete-report.ts";
import { downloadReportPdf } from "../api/download-report-pdf.ts";
import { useReport } from "../api/get-report.ts";
import { type ReportPeriodChoice, useReportData } from "../api/get-report-data.ts";
import { useReports } from "../api/list-reports.ts";
import { useRetrySending } from "../api/retry-sending.ts";
import { formatDay } from "../utils/format.ts";
import { ReportAccountSection } from "./report-account-section.tsx";
import { ReportBuilder } from "./report-builder.tsx";

function PeriodForm({
  current,
  onChange,
}: {
  current: { from: string; to: string };
  onChange: (period: ReportPeriodChoice) => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(current.from);
  const [to, setTo] = useState(current.to);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from && to) onChange({ from, to });
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div>
        <Label htmlFor={`${id}-from`} className="text-xs text-slate-600">
          From
        </Label>
        <Input
          id={`${id}-from`}
          type="date"
          className="mt-1 w-40"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div>
        <Label htmlFor={`${id}-to`} className="text-xs text-slate-600">
          To
        </Label>
        <Input
          id={`${id}-to`}
          type="date"
          className="mt-1 w-40"
          value={to}
          onChange={(e) => setTo(e.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" size="sm" className="h-10">
        Show
      </Button>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className="h-10"
        onClick={() => onChange(null)}
      >
        Last period
      </Button>
    </form>
  );
}

function Sendings({ id }: { id: string }) {
  const report = useReport(id);
  const retry = useRetrySending(id);
  if (!report.data || report.data.sendings.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="report-sendings">
      <h2 id="report-sendings" className="text-base font-semibold text-slate-900">
        Sent by e-mail
      </h2>
      <ul className="mt-3 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
        {report.data.sendings.map((sending) => (
          <li
            key={sending.id}
            className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center"
            data-testid="report-sending"
          >
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-slate-900">{sending.periodLabel}</p>
              <p className="text-xs text-slate-500">
                {sending.status === "sent" && sending.sentAt
                  ? `Sent ${new Date(sending.sentAt).toLocaleString([], { dateStyle: "medium", timeStyle: "short" })} to ${sending.recipients} ${sending.recipients === 1 ? "address" : "addresses"}`
                  : `${sending.attempts} ${sending.attempts === 1 ? "attempt" : "attempts"}`}
              </p>
              {sending.status === "failed" && sending.error ? (
                <p className="mt-1 text-sm text-red-700">{sending.error}</p>
              ) : null}
            </div>
            <div className="flex items-center gap-2">
              <Badge
                variant={
                  sending.status === "sent"
                    ? "success"
                    : sending.status === "failed"
                      ? "warning"
                      : "neutral"
                }
              >
                {sending.status === "sent"
                  ? "Sent"
                  : sending.status === "failed"
                    ? "Failed"
                    : "Sending"}
              </Badge>
              {sending.status === "failed" ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate(sending.id)}
                >
                  <RotateCw aria-hidden="true" />
                  Retry now
                </Button>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /reports/:id: the report's private web view, the same sections and figures as its PDF, with
 * the PDF download; for editors and up also Edit, Delete and the e-mail sendings.
 */
export function ReportView({ id }: { id: string }) {
  const [period, setPeriod] = useState<ReportPeriodChoice>(null);
  const data = useReportData(id, period);
  const canBuild = useCan("reports:write");
  const overview = useReports();
  const report = useReport(id);
  const remove = useDeleteReport();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  if (data.isPending) {
    return (
      <SkeletonGroup label="Loading the report" className="mx-auto max-w-5xl space-y-4">
        <Skeleton className="h-28 rounded-2xl" />
        <Skeleton className="h-96 rounded-2xl" />
      </SkeletonGroup>
    );
  }
  if (data.isError) {
    return <QueryError error={data.error} onRetry={data.refetch} className="mx-auto max-w-xl" />;
  }
  const view = data.data;
  const color = view.report.accentColor;
  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadReportPdf(id, period);
    } catch (error) {
      setDownloadError(error instanceof Error ? error.message : "The PDF could not be made.");
    } finally {
      setDownloading(false);
    }
  };
  const summary = overview.data?.reports.find((row) => row.id === id);
  return (
    <div className="mx-auto max-w-5xl">
      <Link
        to={paths.reports}
        className="inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All reports
      </Link>
      <header className="mt-3 overflow-hidden rounded-2xl border border-slate-200 bg-white">
        <div className="h-2" style={{ backgroundColor: color }} />
        <div className="flex flex-col gap-4 p-4 sm:p-6 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0">
            {view.workspace.logoUrl ? (
              <img
                src={view.workspace.logoUrl}
                alt={`${view.workspace.name} logo`}
                className="mb-3 max-h-12 max-w-40 object-contain"
              />
            ) : null}
            <p className="text-sm text-slate-500">{view.workspace.name}</p>
            <h2 className="text-2xl font-bold text-slate-900">{view.report.name}</h2>
            <p className="mt-1 text-base font-medium" style={{ color }}>
              {view.period.label}
            </p>
            <p className="text-xs text-slate-500">
              {formatDay(view.period.from)} to {formatDay(view.period.to)} ({view.report.timeZone})
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={download} disabled={downloading}>
              <Download aria-hidden="true" />
              Download PDF
            </Button>
            {canBuild && summary && overview.data ? (
              <>
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  <Pencil aria-hidden="true" />
                  Edit
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Delete ${view.report.name}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    if (window.confirm(`Delete “${view.report.name}”? Its schedule stops.`)) {
                      remove.mutate(id, { onSuccess: () => navigate(paths.reports) });
                    }
                  }}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </>
            ) : null}
          </div>
        </div>
        {view.report.coverNote.trim() ? (
          <p
            className="mx-4 mb-4 whitespace-pre-line border-l-4 pl-4 text-sm text-slate-700 sm:mx-6 sm:mb-6"
            style={{ borderColor: color }}
          >
            {view.report.coverNote}
          </p>
        ) : null}
        <div className="border-t border-slate-100 px-4 py-3 sm:px-6">
          <PeriodForm
            key={`${view.period.from}-${view.period.to}`}
            current={view.period}
            onChange={setPeriod}
          />
        </div>
      </header>
      {downloadError ? (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {downloadError}
        </p>
      ) : null}
      <div className="mt-6 space-y-6">
        {view.accounts.map((account) => (
          <ReportAccountSection
            key={account.accountId}
            account={account}
            report={view.report}
            period={view.period}
          />
        ))}
      </div>
      {canBuild && report.data ? <Sendings id={id} /> : null}
      {editing && summary && overview.data ? (
        <ReportBuilder open onOpenChange={setEditing} overview={overview.data} report={summary} />
      ) : null}
    </div>
  );
}
