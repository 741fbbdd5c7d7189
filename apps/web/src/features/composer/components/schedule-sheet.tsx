import { type WallTime, zonedParts, zonedTimeToInstant } from "@sightline/contracts";
import { CalendarClock, ChevronLeft, ChevronRight, Loader2, Sparkles } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetTitle,
} from "../../../components/ui/sheet.tsx";
import { ApiError, openUpgradeIfPlanRequired } from "../../../lib/api-error.ts";
import { dateTimeFormat } from "../../../lib/intl-formats.ts";
import { toast } from "../../../lib/toast.ts";
import { cn } from "../../../utils/cn.ts";
import { getOptimalTimes } from "../api/get-optimal-times.ts";
import {
  addMonths,
  adjustTime,
  findEnabledDate,
  isDayDisabled,
  isHourDisabled,
  isMinuteDisabled,
  monthGrid,
  nowInZone,
} from "../utils/schedule-rules.ts";

const pad = (n: number) => String(n).padStart(2, "0");
const weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/** Spec §9: time steps of 24 hours and 60 minutes. */
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const MINUTES = Array.from({ length: 60 }, (_, minute) => minute);

/** "Tuesday, November 24, 2026 at 10:00" in the user's zone. */
export function formatScheduledFor(choice: WallTime, timeZone: string): string {
  const instant = zonedTimeToInstant(choice.date, choice.hour, choice.minute, timeZone);
  const date = dateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  }).format(instant);
  return `${date} at ${pad(choice.hour)}:${pad(choice.minute)}`;
}

function monthLabel(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  return dateTimeFormat("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

function dayLabel(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return dateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

export interface ScheduleChoice {
  date: string | undefined;
  hour: number;
  minute: number;
}

/**
 * Spec §2 and §5: the 'Schedule Post' side sheet — a calendar (days before today disabled), an
 * hour column 00–23 and a minute column 00–59 (today's past hours and the current hour's past
 * minutes disabled), AI Suggest, the 'Scheduled for' summary and Confirm Schedule.
 */
export function ScheduleSheet({
  open,
  onOpenChange,
  choice,
  onChoiceChange,
  timeZone,
  onConfirm,
  confirmLabel,
  isScheduling,
  problems,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  choice: ScheduleChoice;
  onChoiceChange: (choice: ScheduleChoice) => void;
  timeZone: string;
  onConfirm: () => void;
  /** The confirm button's words when it does more than schedule (decision 037). */
  confirmLabel?: string | undefined;
  isScheduling: boolean;
  /** The pre-publish check's findings for this draft, when known. */
  problems: readonly { code: string; message: string }[] | undefined;
}) {
  const [now, setNow] = useState(() => nowInZone(new Date(), timeZone));
  // Past hours and minutes move on while the sheet is open.
  useEffect(() => {
    if (!open) return;
    setNow(nowInZone(new Date(), timeZone));
    const timer = setInterval(() => setNow(nowInZone(new Date(), timeZone)), 15_000);
    return () => clearInterval(timer);
  }, [open, timeZone]);

  const [month, setMonth] = useState(() => (choice.date ?? now.date).slice(0, 7));
  useEffect(() => {
    if (open && choice.date) setMonth(choice.date.slice(0, 7));
  }, [open, choice.date]);

  const [suggestions, setSuggestions] = useState<WallTime[]>([]);
  const [isSuggesting, setSuggesting] = useState(false);
  const hourListRef = useRef<HTMLDivElement>(null);
  const minuteListRef = useRef<HTMLDivElement>(null);

  const selectedDate = choice.date;
  const weeks = useMemo(() => monthGrid(month), [month]);

  // Keep the chosen hour and minute in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls again whenever the choice moves
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => {
      hourListRef.current
        ?.querySelector<HTMLElement>('[aria-pressed="true"]')
        ?.scrollIntoView({ block: "center" });
      minuteListRef.current
        ?.querySelector<HTMLElement>('[aria-pressed="true"]')
        ?.scrollIntoView({ block: "center" });
    });
    return () => cancelAnimationFrame(frame);
  }, [open, choice.hour, choice.minute]);

  // A choice is checked against the clock as it is now, not as it was at the last 15-second
  // tick: picking today a moment after a minute turned must not offer that minute.
  const currentNow = () => {
    const fresh = nowInZone(new Date(), timeZone);
    setNow(fresh);
    return fresh;
  };
  const pickDate = (date: string) => {
    const time = adjustTime(date, { hour: choice.hour, minute: choice.minute }, currentNow());
    onChoiceChange({ date, ...time });
  };
  const pickHour = (hour: number) => {
    // Spec §5: choosing the current hour bumps the minute above the current one.
    const time = selectedDate
      ? adjustTime(selectedDate, { hour, minute: choice.minute }, currentNow())
      : { hour, minute: choice.minute };
    onChoiceChange({ date: selectedDate, ...time });
  };
  const pickMinute = (minute: number) => onChoiceChange({ ...choice, minute });

  const suggest = async () => {
    setSuggesting(true);
    try {
      const start =
        findEnabledDate(selectedDate ?? now.date, (date) => isDayDisabled(date, now.date)) ??
        now.date;
      const result = await getOptimalTimes({
        start_date: start,
        count: 3,
        days_per_week: 7,
        allowed_weekdays: [0, 1, 2, 3, 4, 5, 6],
        hour_window: { from: 0, to: 23 },
        timezone: timeZone,
      });
      const slots = (result.slots ?? [])
        .map((slot): WallTime => {
          const { date, hour, minute } = zonedParts(new Date(slot.iso), timeZone);
          return { date, hour, minute };
        })
        .filter((slot) => !isMinuteDisabled(slot.date, slot.hour, slot.minute, now));
      if (slots.length === 0) {
        toast.error("No optimal times found. Please try again or select a time manually.");
        setSuggestions([]);
        return;
      }
      setSuggestions(slots);
      const best = slots[0] as WallTime;
      onChoiceChange({ date: best.date, hour: best.hour, minute: best.minute });
      setMonth(best.date.slice(0, 7));
    } catch (error) {
      if (openUpgradeIfPlanRequired(error)) return;
      if (error instanceof ApiError && !error.isRetryable) {
        toast.error("Error", {
          description:
            error.status === 404
              ? `Could not calculate optimal times: ${error.message}`
              : "Could not calculate optimal times",
        });
      } else {
        toast.error("Failed to get AI suggestions. Please try again.");
      }
    } finally {
      setSuggesting(false);
    }
  };

  const todayMonth = now.date.slice(0, 7);
  const summaryDate = selectedDate;

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" closeLabel="Close schedule" className="max-w-md gap-5">
        <div className="pr-10">
          <SheetTitle className="text-lg font-semibold text-slate-900">Schedule Post</SheetTitle>
          <SheetDescription className="mt-1 text-sm text-slate-600">
            Times are in your time zone, {timeZone}.
          </SheetDescription>
        </div>

        <section aria-label="Date">
          <div className="flex items-center justify-between">
            <Button
              type="button"
              size="icon"
              variant="ghost"
              className="size-9"
              aria-label="Previous month"
              disabled={month <= todayMonth}
              onClick={() => setMonth(addMonths(month, -1))}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <p className="text-sm font-semibold text-slate-900" aria-live="polite">
              {monthLabel(month)}
            </p>
            <Button
              type="button"
              size="icon"
              variant="ghost"
              className="size-9"
              aria-label="Next month"
              onClick={() => setMonth(addMonths(month, 1))}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
          <table className="mt-2 w-full table-fixed border-collapse text-center text-sm">
            <thead>
              <tr>
                {weekdayNames.map((name) => (
                  <th key={name} scope="col" className="pb-1 text-xs font-medium text-slate-500">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.find(Boolean) ?? ""}>
                  {week.map((date, i) => (
                    <td key={date ?? `blank-${i}`} className="p-0.5">
                      {date && (
                        <button
                          type="button"
                          aria-label={dayLabel(date)}
                          aria-pressed={date === selectedDate}
                          aria-current={date === now.date ? "date" : undefined}
                          disabled={isDayDisabled(date, now.date)}
                          onClick={() => pickDate(date)}
                          className={cn(
                            "mx-auto flex size-9 items-center justify-center rounded-full text-sm tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-300",
                            date === selectedDate
                              ? "bg-brand-600 font-semibold text-white"
                              : "text-slate-900 hover:bg-slate-100",
                            date === now.date && date !== selectedDate && "ring-1 ring-brand-300",
                          )}
                        >
                          {Number(date.slice(8))}
                        </button>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section aria-label="Time" className="grid grid-cols-2 gap-3">
          <div>
            <fieldset>
              <legend className="text-xs font-medium text-slate-600">Hour</legend>
              <div
                ref={hourListRef}
                className="mt-1 h-44 overflow-y-auto rounded-lg border border-slate-200 p-1"
              >
                {HOURS.map((hour) => (
                  <button
                    key={hour}
                    type="button"
                    aria-label={`Hour ${pad(hour)}`}
                    aria-pressed={hour === choice.hour}
                    disabled={selectedDate ? isHourDisabled(selectedDate, hour, now) : false}
                    onClick={() => pickHour(hour)}
                    className={cn(
                      "block w-full rounded-md py-1.5 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-300",
                      hour === choice.hour
                        ? "bg-brand-600 font-semibold text-white"
                        : "hover:bg-slate-100",
                    )}
                  >
                    {pad(hour)}
                  </button>
                ))}
              </div>
            </fieldset>
          </div>
          <div>
            <fieldset>
              <legend className="text-xs font-medium text-slate-600">Minute</legend>
              <div
                ref={minuteListRef}
                className="mt-1 h-44 overflow-y-auto rounded-lg border border-slate-200 p-1"
              >
                {MINUTES.map((minute) => (
                  <button
                    key={minute}
                    type="button"
                    aria-label={`Minute ${pad(minute)}`}
                    aria-pressed={minute === choice.minute}
                    disabled={
                      selectedDate
                        ? isMinuteDisabled(selectedDate, choice.hour, minute, now)
                        : false
                    }
                    onClick={() => pickMinute(minute)}
                    className={cn(
                      "block w-full rounded-md py-1.5 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-300",
                      minute === choice.minute
                        ? "bg-brand-600 font-semibold text-white"
                        : "hover:bg-slate-100",
                    )}
                  >
                    {pad(minute)}
                  </button>
                ))}
              </div>
            </fieldset>
          </div>
        </section>

        <div>
          <Button type="button" variant="outline" onClick={suggest} disabled={isSuggesting}>
            {isSuggesting ? (
              <Loader2 aria-hidden="true" className="animate-spin" />
            ) : (
              <Sparkles aria-hidden="true" />
            )}
            AI Suggest
          </Button>
          {suggestions.length > 1 && (
            <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Suggested times">
              {suggestions.map((slot) => (
                <li key={`${slot.date}T${slot.hour}:${slot.minute}`}>
                  <button
                    type="button"
                    onClick={() => {
                      onChoiceChange({ date: slot.date, hour: slot.hour, minute: slot.minute });
                      setMonth(slot.date.slice(0, 7));
                    }}
                    className="rounded-full border border-brand-200 bg-brand-50 px-2.5 py-1 text-xs font-medium text-brand-800 hover:bg-brand-100"
                  >
                    {formatScheduledFor(slot, timeZone)}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200" aria-live="polite">
          <p className="flex items-center gap-2 text-xs font-medium text-slate-600">
            <CalendarClock aria-hidden="true" className="size-4" />
            Scheduled for
          </p>
          <p className="mt-1 text-sm font-semibold text-slate-900" data-testid="scheduled-for">
            {summaryDate
              ? formatScheduledFor(
                  { date: summaryDate, hour: choice.hour, minute: choice.minute },
                  timeZone,
                )
              : "Choose a date"}
          </p>
          <p className="text-xs text-slate-500">{timeZone}</p>
          {problems && problems.length === 0 && (
            <p className="mt-2 text-xs text-emerald-800" data-testid="schedule-check">
              Checked: nothing stands in the way of publishing at this time.
            </p>
          )}
          {problems && problems.length > 0 && (
            <ul
              className="mt-2 list-disc space-y-1 pl-4 text-xs text-amber-900"
              data-testid="schedule-check"
              aria-label="Before it goes out"
            >
              {problems.map((problem) => (
                <li key={problem.code + problem.message}>{problem.message}</li>
              ))}
            </ul>
          )}
        </div>

        <Button type="button" onClick={onConfirm} disabled={isScheduling} className="mt-auto">
          {isScheduling && <Loader2 aria-hidden="true" className="animate-spin" />}
          {isScheduling ? "Scheduling…" : (confirmLabel ?? "Confirm Schedule")}
        </Button>
      </SheetContent>
    </Sheet>
  );
}
