import {
  MAX_SAVED_REPLY_BODY,
  MAX_SAVED_REPLY_TITLE,
  savedReplyInputSchema,
} from "@sightline/contracts";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { QueryError } from "../../../components/feedback/query-error.tsx";
import { Skeleton, SkeletonGroup } from "../../../components/feedback/skeleton.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { Input, Label, Textarea } from "../../../components/ui/input.tsx";
import {
  type SavedReply,
  useCreateSavedReply,
  useDeleteSavedReply,
  useSavedReplies,
  useUpdateSavedReply,
} from "../api/saved-replies.ts";

function SavedReplyForm({ initial, onDone }: { initial: SavedReply | null; onDone: () => void }) {
  const [title, setTitle] = useState(initial?.title ?? "");
  const [body, setBody] = useState(initial?.body ?? "");
  const [errors, setErrors] = useState<{ title?: string; body?: string }>({});
  const create = useCreateSavedReply();
  const update = useUpdateSavedReply();
  const isSaving = create.isPending || update.isPending;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = savedReplyInputSchema.safeParse({ title, body });
    if (!parsed.success) {
      const next: { title?: string; body?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as "title" | "body";
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    // A failure keeps the form as typed; the global handler says what went wrong.
    if (initial) await update.mutateAsync({ id: initial.id, ...parsed.data });
    else await create.mutateAsync(parsed.data);
    onDone();
  }

  return (
    <form onSubmit={(event) => void submit(event).catch(() => {})} noValidate className="space-y-3">
      <div>
        <Label htmlFor="saved-reply-title">Name (type /name in a reply)</Label>
        <Input
          id="saved-reply-title"
          value={title}
          maxLength={MAX_SAVED_REPLY_TITLE + 20}
          onChange={(event) => setTitle(event.target.value)}
          aria-invalid={errors.title ? true : undefined}
          placeholder="Shipping"
          className="mt-1"
        />
        {errors.title ? <p className="mt-1 text-xs text-red-700">{errors.title}</p> : null}
      </div>
      <div>
        <Label htmlFor="saved-reply-body">Reply</Label>
        <Textarea
          id="saved-reply-body"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={errors.body ? true : undefined}
          placeholder="We ship worldwide within 3 working days."
          className="mt-1 min-h-24"
        />
        <p className={errors.body ? "mt-1 text-xs text-red-700" : "mt-1 text-xs text-slate-500"}>
          {errors.body ?? `${body.trim().length} / ${MAX_SAVED_REPLY_BODY}`}
        </p>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSaving}>
          {initial ? "Save changes" : "Add saved reply"}
        </Button>
      </div>
    </form>
  );
}

/** Write, edit and delete saved replies (quick replies inserted with '/' or the menu). */
export function SavedRepliesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { data, status, refetch } = useSavedReplies(open);
  const remove = useDeleteSavedReply();
  const [editing, setEditing] = useState<SavedReply | "new" | null>(null);
  const items = data?.items ?? [];

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setEditing(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>Saved replies</DialogTitle>
        <DialogDescription className="mt-1">
          Write an answer once and insert it in any reply: type / and its name, or pick it from the
          menu beside the reply box.
        </DialogDescription>
        <div className="mt-5">
          {editing ? (
            <SavedReplyForm
              key={editing === "new" ? "new" : editing.id}
              initial={editing === "new" ? null : editing}
              onDone={() => setEditing(null)}
            />
          ) : (
            <>
              {status === "pending" ? (
                <SkeletonGroup label="Loading saved replies" className="space-y-2">
                  <Skeleton className="h-14" />
                  <Skeleton className="h-14" />
                </SkeletonGroup>
              ) : status === "error" ? (
                <QueryError
                  variant="inline"
                  message="The saved replies could not be loaded."
                  onRetry={refetch}
                />
              ) : items.length === 0 ? (
                <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
                  No saved replies yet. Add the answers you give most often.
                </p>
              ) : (
                <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                  {items.map((reply) => (
                    <li key={reply.id} className="flex items-start gap-3 px-3 py-2.5">
                      <div className="min-w-0 flex-1">
                        <p className="text-sm font-medium text-slate-900">/{reply.title}</p>
                        <p className="line-clamp-2 text-xs text-slate-600">{reply.body}</p>
                      </div>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setEditing(reply)}
                        aria-label={`Edit ${reply.title}`}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => remove.mutate(reply.id)}
                        disabled={remove.isPending}
                        aria-label={`Delete ${reply.title}`}
                        className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              <Button className="mt-4" variant="outline" onClick={() => setEditing("new")}>
                <Plus aria-hidden="true" />
                New saved reply
              </Button>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
