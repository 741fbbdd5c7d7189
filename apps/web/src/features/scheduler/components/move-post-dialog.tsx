import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { FieldMessage, Input, Label } from "../../../components/ui/input.tsx";
import type { CalendarPost } from "../api/list-calendar-posts.ts";
import { localParts, localToInstant } from "../utils/calendar-math.ts";

const PAST = "Cannot schedule post in the past";

/**
 * 'Move to…': the keyboard and touch way to reschedule, with a date and a time picker in the
 * user's zone. Past times are refused here with the server's words before anything is sent.
 */
export function MovePostDialog({
  post,
  timeZone,
  now,
  isSaving,
  onMove,
  onClose,
}: {
  post: CalendarPost | undefined;
  timeZone: string;
  now: Date;
  isSaving: boolean;
  onMove: (post: CalendarPost, at: Date) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={Boolean(post)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-sm">
        {post ? (
          <MoveForm
            key={post.id}
            post={post}
            timeZone={timeZone}
            now={now}
            isSaving={isSaving}
            onMove={onMove}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function MoveForm({
  post,
  timeZone,
  now,
  isSaving,
  onMove,
}: {
  post: CalendarPost;
  timeZone: string;
  now: Date;
  isSaving: boolean;
  onMove: (post: CalendarPost, at: Date) => void;
}) {
  const current = localParts(new Date(post.time), timeZone);
  const today = localParts(now, timeZone).date;
  const [date, setDate] = useState(current.date < today ? today : current.date);
  const [time, setTime] = useState(
    `${String(current.hour).padStart(2, "0")}:${String(current.minute).padStart(2, "0")}`,
  );
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const match = /^(\d{2}):(\d{2})$/.exec(time);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return setError("Please select a date.");
    if (!match) return setError("Please select a time.");
    const at = localToInstant(date, Number(match[1]), Number(match[2]), timeZone);
    if (at.getTime() <= Date.now()) return setError(PAST);
    setError(undefined);
    onMove(post, at);
  }

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle className="text-lg font-semibold text-slate-900">Move to…</DialogTitle>
      <DialogDescription className="mt-1 text-sm text-slate-600">
        Pick the new day and time ({timeZone}). The post is saved at once.
      </DialogDescription>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <div>
          <Label htmlFor="move-date">Date</Label>
          <Input
            id="move-date"
            type="date"
            min={today}
            value={date}
            onChange={(event) => setDate(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "move-error" : undefined}
            className="mt-1.5"
            required
          />
        </div>
        <div>
          <Label htmlFor="move-time">Time</Label>
          <Input
            id="move-time"
            type="time"
            step={60}
            value={time}
            onChange={(event) => setTime(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "move-error" : undefined}
            className="mt-1.5"
            required
          />
        </div>
      </div>
      <div role="alert">
        <FieldMessage id="move-error">{error}</FieldMessage>
      </div>
      <div className="mt-6 flex justify-end">
        <Button type="submit" disabled={isSaving}>
          Move post
        </Button>
      </div>
    </form>
  );
}
