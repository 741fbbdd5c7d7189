import { responseTimeRows } from "@sightline/contracts";
import { useState } from "react";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { ResponseTimesTable } from "../../../components/response-times-table.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Segmented, SegmentedOption } from "../../../components/ui/segmented.tsx";
import { useTimeZone } from "../../../hooks/use-time-zone.ts";
import { dateTimeFormat } from "../../../lib/intl-formats.ts";
import { useResponseTimes } from "../api/get-response-times.ts";

const periods = [7, 28, 90] as const;
type PeriodDays = (typeof periods)[number];

/** The last `days` days on the user's calendar, today included. */
export function responseTimesPeriod(days: number, timeZone: string, now = new Date()) {
  const to = dateTimeFormat("en-CA", { timeZone }).format(now);
  const start = new Date(`${to}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (days - 1));
  return { from: start.toISOString().slice(0, 10), to, timezone: timeZone };
}

/**
 * The Inbox's "Response times" (issue 33 point 4): the figures a client report prints, from the
 * same service, for the last 7, 28 or 90 days.
 */
export function ResponseTimesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [days, setDays] = useState<PeriodDays>(28);
  const timeZone = useTimeZone();
  const query = useResponseTimes(responseTimesPeriod(days, timeZone), open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>Response times</DialogTitle>
        <DialogDescription className="mt-1">
          How long people waited for your first reply to their comments and messages, counted from
          the first one you had not answered.
        </DialogDescription>
        <Segmented legend="Period" className="mt-4">
          {periods.map((value) => (
            <SegmentedOption key={value} pressed={days === value} onClick={() => setDays(value)}>
              {value} days
            </SegmentedOption>
          ))}
        </Segmented>
        <div className="mt-4">
          {query.isPending ? (
            <SkeletonGroup label="Loading response times" className="space-y-2">
              {responseTimeRows.map(([label]) => (
                <Skeleton key={label} className="h-8" />
              ))}
            </SkeletonGroup>
          ) : query.isError ? (
            <QueryError
              variant="inline"
              message="Response times could not be loaded."
              onRetry={query.refetch}
            />
          ) : !query.data.connected ? (
            <p className="text-sm text-slate-600">Connect Instagram to see your response times.</p>
          ) : (
            <ResponseTimesTable figures={query.data} testId="inbox-response-times" />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
