import {
  type InboxLabel,
  type InboxLabelColor,
  inboxLabelColors,
  MAX_INBOX_LABEL_NAME,
} from "@sightline/contracts";
import { Tag, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { PopoverPanel, popoverTriggerProps } from "../../../components/ui/popover.tsx";
import { cn } from "../../../utils/cn.ts";
import {
  labelDotClass,
  useCreateLabel,
  useDeleteLabel,
  useInboxLabels,
  useSetConversationLabels,
} from "../api/labels.ts";

/**
 * The open conversation's labels: tick the workspace's labels on or off, make a new one (it is
 * put on the conversation at once), or delete one from every conversation.
 */
export function LabelMenu({
  kind,
  conversationId,
  current,
}: {
  kind: "dm" | "comments";
  conversationId: string;
  current: InboxLabel[];
}) {
  const panelId = useId();
  const labels = useInboxLabels();
  const setLabels = useSetConversationLabels();
  const create = useCreateLabel();
  const remove = useDeleteLabel();
  const [name, setName] = useState("");
  const [color, setColor] = useState<InboxLabelColor>("blue");
  const [error, setError] = useState<string | null>(null);
  const on = new Set(current.map((label) => label.id));

  const save = (ids: string[]) => {
    setError(null);
    setLabels.mutate(
      { kind, id: conversationId, labelIds: ids },
      { onError: (failure) => setError(failure.message) },
    );
  };
  const toggle = (id: string, checked: boolean) =>
    save(checked ? [...on, id] : [...on].filter((other) => other !== id));
  const add = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      { name: name.trim(), color },
      {
        onSuccess: (label) => {
          setName("");
          save([...on, label.id]);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };

  return (
    <>
      <Button variant="outline" size="sm" {...popoverTriggerProps(panelId)}>
        <Tag aria-hidden="true" />
        <span className="hidden sm:inline">Labels</span>
        <span className="sr-only sm:hidden">Labels</span>
      </Button>
      <PopoverPanel
        id={panelId}
        aria-label="Labels"
        data-testid="label-menu"
        // Under its button where the browser anchors popovers; centred on the screen elsewhere.
        className="m-auto w-72 max-w-[calc(100vw-1rem)] p-3 [position-area:bottom_span-left] supports-[position-area:bottom]:inset-auto supports-[position-area:bottom]:m-0 supports-[position-area:bottom]:mt-1"
      >
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
          Labels of this conversation
        </p>
        {labels.data?.items.length ? (
          <ul className="max-h-56 space-y-0.5 overflow-y-auto">
            {labels.data.items.map((label) => (
              <li key={label.id} className="flex items-center gap-2">
                <label className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-1 py-1 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    checked={on.has(label.id)}
                    disabled={setLabels.isPending}
                    onChange={(event) => toggle(label.id, event.target.checked)}
                  />
                  <span
                    aria-hidden="true"
                    className={cn("size-2.5 shrink-0 rounded-full", labelDotClass[label.color])}
                  />
                  <span className="truncate">{label.name}</span>
                </label>
                <button
                  type="button"
                  aria-label={`Delete the label ${label.name}`}
                  className="rounded p-1 text-slate-400 hover:bg-red-50 hover:text-red-700"
                  onClick={() => {
                    if (
                      window.confirm(
                        `Delete the label “${label.name}”? It comes off every conversation.`,
                      )
                    ) {
                      remove.mutate(label.id, { onError: (failure) => setError(failure.message) });
                    }
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        ) : labels.status === "success" ? (
          <p className="text-sm text-slate-600">No labels yet: make the first below.</p>
        ) : null}
        <form onSubmit={add} className="mt-3 space-y-2 border-t border-slate-100 pt-3">
          <label className="block text-xs font-medium text-slate-700">
            New label
            <input
              value={name}
              maxLength={MAX_INBOX_LABEL_NAME}
              onChange={(event) => setName(event.target.value)}
              placeholder="Lead, Order, VIP…"
              className="mt-1 h-9 w-full rounded-lg border border-slate-300 px-2 text-sm"
            />
          </label>
          <fieldset className="flex flex-wrap gap-1.5">
            <legend className="sr-only">Colour</legend>
            {inboxLabelColors.map((option) => (
              <label key={option} className="cursor-pointer">
                <input
                  type="radio"
                  name={`${panelId}-color`}
                  value={option}
                  checked={color === option}
                  onChange={() => setColor(option)}
                  className="peer sr-only"
                />
                <span
                  title={option}
                  className={cn(
                    "block size-6 rounded-full ring-offset-2 peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600",
                    labelDotClass[option],
                  )}
                />
                <span className="sr-only">{option}</span>
              </label>
            ))}
          </fieldset>
          <Button type="submit" size="sm" disabled={!name.trim() || create.isPending}>
            Add label
          </Button>
        </form>
        {error ? (
          <p role="alert" className="mt-2 text-xs font-medium text-red-700">
            {error}
          </p>
        ) : null}
      </PopoverPanel>
    </>
  );
}
