import { CalendarClock, Loader2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { useCan } from "../../../lib/workspace-role.tsx";
import type { PublishPhase } from "../hooks/use-publish-actions.ts";
import { formatScheduledFor, type ScheduleChoice } from "./schedule-sheet.tsx";

/** 'Preparing post...' or the chosen time (with Change), then Cancel, Schedule and Publish. */
export function ComposerFooter({
  phase,
  choice,
  timeZone,
  onChangeTime,
  onCancel,
  onSchedule,
  onPublish,
  needsApproval = false,
}: {
  phase: PublishPhase;
  choice: ScheduleChoice;
  timeZone: string;
  onChangeTime: () => void;
  onCancel: () => void;
  onSchedule: () => void;
  onPublish: () => void;
  /** Decision 037: Schedule and Publish become "Send for approval" (a new post or an edit). */
  needsApproval?: boolean;
}) {
  // A role without "publish" (analyst, client) gets neither button (issue 29).
  const canPublish = useCan("publish");
  const isBusy = phase !== "idle";
  return (
    <footer className="flex flex-col gap-3 border-t border-slate-200 px-5 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1 text-sm text-slate-600" aria-live="polite">
        {phase === "preparing" ? (
          <span className="flex items-center gap-2">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            Preparing post...
          </span>
        ) : choice.date ? (
          <span className="flex flex-wrap items-center gap-x-2">
            <CalendarClock aria-hidden="true" className="size-4" />
            <span>
              Scheduled for{" "}
              {formatScheduledFor(
                { date: choice.date, hour: choice.hour, minute: choice.minute },
                timeZone,
              )}
            </span>
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto px-0"
              onClick={onChangeTime}
              disabled={isBusy}
            >
              Change
            </Button>
          </span>
        ) : null}
      </div>
      <div className="grid grid-cols-3 gap-2 sm:flex">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={isBusy}>
          Cancel
        </Button>
        {canPublish && needsApproval && (
          <Button type="button" className="col-span-2" onClick={onSchedule} disabled={isBusy}>
            {phase === "scheduling" ? (
              <>
                <Loader2 aria-hidden="true" className="animate-spin" />
                Sending…
              </>
            ) : (
              "Send for approval"
            )}
          </Button>
        )}
        {canPublish && !needsApproval && (
          <Button type="button" variant="outline" onClick={onSchedule} disabled={isBusy}>
            {phase === "scheduling" ? (
              <>
                <Loader2 aria-hidden="true" className="animate-spin" />
                Scheduling…
              </>
            ) : (
              "Schedule"
            )}
          </Button>
        )}
        {canPublish && !needsApproval && (
          <Button type="button" onClick={onPublish} disabled={isBusy}>
            {phase === "publishing" ? (
              <>
                <Loader2 aria-hidden="true" className="animate-spin" />
                Publishing…
              </>
            ) : (
              "Publish"
            )}
          </Button>
        )}
      </div>
    </footer>
  );
}
