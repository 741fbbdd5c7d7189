import { zonedTimeToInstant } from "@sightline/contracts";
import { useEffect, useState } from "react";
import { checkSchedule } from "../api/schedule-post.ts";
import type { ScheduleChoice } from "../components/schedule-sheet.tsx";
import type { Collaborator } from "../utils/collaborators.ts";
import { type DraftMediaItem, draftRequest } from "../utils/draft.ts";

export interface ScheduleProblem {
  code: string;
  message: string;
}

/**
 * The pre-publish check for the chosen time, shown in the schedule sheet before confirming:
 * asked again (after a pause) whenever the draft or the time changes while the sheet is open.
 */
export function useScheduleCheck({
  isSheetOpen,
  isIdle,
  choice,
  timeZone,
  items,
  caption,
  hashtags,
  collaborators,
  ensureUploaded,
}: {
  isSheetOpen: boolean;
  isIdle: boolean;
  choice: ScheduleChoice;
  timeZone: string;
  items: readonly DraftMediaItem[];
  caption: string;
  hashtags: readonly string[];
  collaborators: readonly Collaborator[];
  ensureUploaded: () => Promise<DraftMediaItem[] | null>;
}): ScheduleProblem[] | undefined {
  const [checks, setChecks] = useState<ScheduleProblem[]>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checks when the draft or time changes
  useEffect(() => {
    setChecks(undefined);
    if (!isSheetOpen || !choice.date || items.length === 0 || !isIdle) return;
    let cancelled = false;
    const wall = { date: choice.date, hour: choice.hour, minute: choice.minute };
    const timer = setTimeout(async () => {
      const uploaded = await ensureUploaded();
      if (!uploaded || cancelled) return;
      try {
        const result = await checkSchedule({
          ...draftRequest({ items: uploaded, caption, hashtags, collaborators }),
          scheduled_time: zonedTimeToInstant(
            wall.date,
            wall.hour,
            wall.minute,
            timeZone,
          ).toISOString(),
          time_zone: timeZone,
        });
        if (!cancelled) setChecks(result.checks);
      } catch {
        // The check is advice; Confirm Schedule reports any real refusal.
      }
    }, 600);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [isSheetOpen, choice, items, isIdle, timeZone]);
  return checks;
}
