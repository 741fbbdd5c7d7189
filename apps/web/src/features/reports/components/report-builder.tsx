import {
  CLIENT_REPORT_COVER_NOTE_MAX,
  CLIENT_REPORT_NAME_MAX,
  type ClientReportSection,
  type CreateClientReportInput,
  clientReportSections,
} from "@sightline/contracts";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FieldMessage, Input, Label, Select, Textarea } from "../../../components/ui/input.tsx";
import { ApiError } from "../../../lib/api-error.ts";
import type { ReportSummary, ReportsOverview } from "../api/list-reports.ts";
import { useSaveReport } from "../api/save-report.ts";
import { parseRecipients } from "../utils/format.ts";

type Draft = CreateClientReportInput;

function draftOf(report: ReportSummary | undefined, overview: ReportsOverview): Draft {
  if (report) {
    return {
      name: report.name,
      accountIds: report.accountIds,
      sections: report.sections as ClientReportSection[],
      coverNote: report.coverNote,
      accentColor: report.accentColor,
      frequency: report.frequency,
      scheduleEnabled: report.scheduleEnabled,
      recipients: report.recipients,
      sharedWith: report.sharedWith,
    };
  }
  return {
    name: "",
    accountIds: overview.accounts.slice(0, 1).map((account) => account.id),
    sections: [...clientReportSections],
    coverNote: "",
    accentColor: "#6d28d9",
    frequency: "monthly",
    scheduleEnabled: false,
    recipients: [],
    sharedWith: [],
  };
}

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on
    ? [...list.filter((item) => item !== value), value]
    : list.filter((item) => item !== value);
}

/**
 * The report builder (issue 33 point 4): which accounts and sections, the brand colour and a
 * cover note, the schedule and its addresses, and the Client-role members who may open it.
 */
export function ReportBuilder({
  open,
  onOpenChange,
  overview,
  report,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  overview: ReportsOverview;
  report?: ReportSummary;
  onSaved?: (id: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(report, overview));
  const [recipientsText, setRecipientsText] = useState(() => draft.recipients.join("\n"));
  const save = useSaveReport();
  const issues = save.error instanceof ApiError ? save.error.issues : [];
  const issueFor = (path: string) => issues.find((issue) => issue.path.startsWith(path))?.message;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...draft, recipients: parseRecipients(recipientsText) };
    save.mutate(report ? { id: report.id, report: body } : { report: body }, {
      onSuccess: (saved) => {
        onOpenChange(false);
        onSaved?.(saved.report.id);
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto">
        <DialogTitle className="text-lg font-semibold text-slate-900">
          {report ? "Edit report" : "New client report"}
        </DialogTitle>
        <DialogDescription className="mt-1 text-sm text-slate-600">
          The figures are the app's own for the period; the PDF carries your logo and colour.
        </DialogDescription>
        <form className="mt-5 space-y-5" onSubmit={submit} noValidate>
          <div>
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input
              id={`${id}-name`}
              className="mt-1.5"
              value={draft.name}
              maxLength={CLIENT_REPORT_NAME_MAX}
              required
              aria-invalid={Boolean(issueFor("name"))}
              aria-describedby={`${id}-name-error`}
              onChange={(event) => set("name", event.target.value)}
            />
            <FieldMessage id={`${id}-name-error`}>{issueFor("name")}</FieldMessage>
          </div>

          <fieldset>
            <legend className="text-sm font-medium text-slate-900">Accounts</legend>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
              {overview.accounts.map((account) => (
                <label key={account.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={draft.accountIds.includes(account.id)}
                    onChange={(event) =>
                      set("accountIds", toggle(draft.accountIds, account.id, event.target.checked))
                    }
                  />
                  @{account.username}
                </label>
              ))}
            </div>
            <FieldMessage id={`${id}-accounts-error`}>{issueFor("accountIds")}</FieldMessage>
          </fieldset>

          <fieldset>
            <legend className="text-sm font-medium text-slate-900">Sections</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {overview.sections.map((section) => (
                <label key={section.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={draft.sections.includes(section.id)}
                    onChange={(event) =>
                      set("sections", toggle(draft.sections, section.id, event.target.checked))
                    }
                  />
                  {section.label}
                </label>
              ))}
            </div>
            <FieldMessage id={`${id}-sections-error`}>{issueFor("sections")}</FieldMessage>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
            <div>
              <Label htmlFor={`${id}-note`}>Cover note</Label>
              <Textarea
                id={`${id}-note`}
                className="mt-1.5 min-h-24"
                value={draft.coverNote}
                maxLength={CLIENT_REPORT_COVER_NOTE_MAX}
                onChange={(event) => set("coverNote", event.target.value)}
              />
            </div>
            <div>
              <Label htmlFor={`${id}-color`}>Brand colour</Label>
              <div className="mt-1.5 flex items-center gap-2">
                <input
                  type="color"
                  aria-label="Pick the brand colour"
                  className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
                  value={/^#[0-9a-f]{6}$/i.test(draft.accentColor) ? draft.accentColor : "#6d28d9"}
                  onChange={(event) => set("accentColor", event.target.value)}
                />
                <Input
                  id={`${id}-color`}
                  value={draft.accentColor}
                  maxLength={7}
                  aria-invalid={Boolean(issueFor("accentColor"))}
                  aria-describedby={`${id}-color-error`}
                  onChange={(event) => set("accentColor", event.target.value)}
                />
              </div>
              <FieldMessage id={`${id}-color-error`}>{issueFor("accentColor")}</FieldMessage>
            </div>
          </div>
          <p className="-mt-2 text-xs text-slate-500">
            The logo is the workspace's, set in Settings › Team.
          </p>

          <fieldset className="space-y-3 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-medium text-slate-900">Schedule</legend>
            <div className="flex flex-wrap items-center gap-4">
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  role="switch"
                  aria-checked={draft.scheduleEnabled}
                  checked={draft.scheduleEnabled}
                  onChange={(event) => set("scheduleEnabled", event.target.checked)}
                />
                E-mail the PDF
              </label>
              <Select
                aria-label="How often"
                className="w-auto"
                value={draft.frequency}
                onChange={(event) =>
                  set("frequency", event.target.value === "weekly" ? "weekly" : "monthly")
                }
              >
                <option value="monthly">Each month (the month before)</option>
                <option value="weekly">Each week (Monday to Sunday before)</option>
              </Select>
            </div>
            <div>
              <Label htmlFor={`${id}-recipients`}>Send to</Label>
              <Textarea
                id={`${id}-recipients`}
                className="mt-1.5 min-h-20"
                placeholder="client@example.com, one address per line"
                value={recipientsText}
                aria-invalid={Boolean(issueFor("recipients"))}
                aria-describedby={`${id}-recipients-error`}
                onChange={(event) => setRecipientsText(event.target.value)}
              />
              <FieldMessage id={`${id}-recipients-error`}>{issueFor("recipients")}</FieldMessage>
            </div>
          </fieldset>

          {overview.clients.length > 0 ? (
            <fieldset>
              <legend className="text-sm font-medium text-slate-900">
                Clients who can open it in Sightline
              </legend>
              <div className="mt-2 space-y-2">
                {overview.clients.map((client) => (
                  <label
                    key={client.userId}
                    className="flex items-center gap-2 text-sm text-slate-800"
                  >
                    <input
                      type="checkbox"
                      checked={draft.sharedWith.includes(client.userId)}
                      onChange={(event) =>
                        set(
                          "sharedWith",
                          toggle(draft.sharedWith, client.userId, event.target.checked),
                        )
                      }
                    />
                    {client.email}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : null}

          {save.error && issues.length === 0 ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {save.error.message}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {report ? "Save report" : "Create report"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
