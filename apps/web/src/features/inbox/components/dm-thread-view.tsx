import { MAX_MESSAGE_BYTES, messageByteLength, suggestReply } from "@sightline/contracts";
import {
  AlertCircle,
  Check,
  CircleDashed,
  Clock,
  Film,
  Link2,
  Lock,
  Mic,
  Paperclip,
  RotateCcw,
  Share2,
} from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { useFormatDateTime } from "../../../hooks/use-time-zone.ts";
import { cn } from "../../../utils/cn.ts";
import type { DmMessage, DmThread } from "../api/get-dm-thread.ts";
import { useDraft } from "../hooks/use-draft.ts";
import { useInboxMedia } from "./inbox-media.tsx";
import { ReplyBox } from "./reply-box.tsx";

/** An image chosen for a reply: the file until it is uploaded, then its storage URL too. */
export type ReplyImage = { previewUrl: string; name: string; file?: File; url?: string };

type LocalSend = {
  clientId: string;
  text: string | null;
  image?: ReplyImage | null;
  status: "sending" | "sent" | "failed";
  error?: string;
  messageId?: string;
  messageIds?: string[];
  at: string;
};

type Row = {
  key: string;
  attachments: DmMessage["attachments"];
  direction: "inbound" | "outbound";
  text: string | null;
  createdTime: string;
  status: "sending" | "sent" | "failed" | null;
  error: string | null;
  clientId: string | null;
  part: "text" | "image";
};

const PENDING_PREFIX = "pending:";
const IMAGE_SUFFIX = ":image";

/** A pending row's reply: its client id and which half it is (an image reply's image half). */
function pendingPart(id: string): { clientId: string; part: "text" | "image" } | null {
  if (!id.startsWith(PENDING_PREFIX)) return null;
  const rest = id.slice(PENDING_PREFIX.length);
  return rest.endsWith(IMAGE_SUFFIX)
    ? { clientId: rest.slice(0, -IMAGE_SUFFIX.length), part: "image" }
    : { clientId: rest, part: "text" };
}

/**
 * The thread as shown: Instagram's messages and this tab's sends. A send stays on screen from
 * the click ('sending') until the server's copy of it arrives; the server keeps failed sends
 * (with the reason), so a reload shows them too, with Retry.
 */
export function mergeThread(messages: readonly DmMessage[], local: readonly LocalSend[]): Row[] {
  const localById = new Map(local.map((entry) => [entry.clientId, entry]));
  const serverIds = new Set(messages.map((message) => message.id));
  const rows: Row[] = messages.map((message) => {
    const pending = pendingPart(message.id);
    const clientId = pending?.clientId ?? null;
    const entry = clientId ? localById.get(clientId) : undefined;
    const status = entry?.status === "sending" ? "sending" : message.sendStatus;
    return {
      key: message.id,
      attachments: message.attachments,
      direction: message.direction,
      text: message.text,
      createdTime: message.createdTime,
      status,
      error: status === "failed" ? (message.sendError ?? entry?.error ?? null) : null,
      clientId,
      part: pending?.part ?? (message.text === null ? "image" : "text"),
    };
  });
  for (const entry of local) {
    if (serverIds.has(`${PENDING_PREFIX}${entry.clientId}`)) continue;
    if (serverIds.has(`${PENDING_PREFIX}${entry.clientId}${IMAGE_SUFFIX}`)) continue;
    if (entry.messageId && serverIds.has(entry.messageId)) continue;
    if (entry.messageIds?.some((id) => serverIds.has(id))) continue;
    rows.push({
      key: `local:${entry.clientId}`,
      attachments: entry.image ? [{ type: "image", url: entry.image.previewUrl }] : [],
      direction: "outbound",
      text: entry.text,
      createdTime: entry.at,
      status: entry.status,
      error: entry.error ?? null,
      clientId: entry.clientId,
      part: entry.image ? "image" : "text",
    });
  }
  return rows;
}

function StatusLine({
  row,
  onRetry,
  onEdit,
}: {
  row: Row;
  onRetry: () => void;
  onEdit: (() => void) | null;
}) {
  if (row.status === "sending") {
    return (
      <span className="flex items-center gap-1 text-xs text-slate-500">
        <Clock aria-hidden="true" className="size-3" />
        Sending…
      </span>
    );
  }
  if (row.status === "failed") {
    return (
      <span
        role="alert"
        className="flex flex-wrap items-center justify-end gap-x-2 text-xs text-red-700"
      >
        <AlertCircle aria-hidden="true" className="size-3" />
        Not sent{row.error ? `: ${row.error}` : ""}
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex items-center gap-1 font-semibold hover:underline"
        >
          <RotateCcw aria-hidden="true" className="size-3" />
          Retry
        </button>
        {onEdit ? (
          <button type="button" onClick={onEdit} className="font-semibold hover:underline">
            Edit
          </button>
        ) : null}
      </span>
    );
  }
  if (row.status === "sent") {
    return (
      <span className="flex items-center gap-1 text-xs text-slate-500">
        <Check aria-hidden="true" className="size-3" />
        Sent
      </span>
    );
  }
  return null;
}

const attachmentLabels: Record<DmMessage["attachments"][number]["type"], string> = {
  image: "Photo",
  video: "Video",
  audio: "Voice message",
  file: "File",
  share: "Shared post",
  story: "Story reply or mention",
  link: "Link button",
};

function AttachmentView({ attachment }: { attachment: DmMessage["attachments"][number] }) {
  const { mediaUrl } = useInboxMedia();
  const [isBroken, setBroken] = useState(false);
  const label = attachmentLabels[attachment.type];
  const link = attachment.url?.startsWith("https://") ? attachment.url : null;
  if (attachment.type === "image" && attachment.url && !isBroken) {
    return (
      <img
        src={mediaUrl(attachment.url)}
        alt="Sent in the conversation"
        loading="lazy"
        onError={() => setBroken(true)}
        className="max-h-72 w-56 rounded-xl object-cover"
      />
    );
  }
  const Icon =
    attachment.type === "video"
      ? Film
      : attachment.type === "audio"
        ? Mic
        : attachment.type === "story"
          ? CircleDashed
          : attachment.type === "share"
            ? Share2
            : attachment.type === "link"
              ? Link2
              : Paperclip;
  return (
    <span className="flex items-center gap-2 rounded-lg bg-black/5 px-2.5 py-1.5 text-sm">
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {label}
      {isBroken ? " (no longer available)" : null}
      {link ? (
        <a
          href={link}
          target="_blank"
          rel="noreferrer"
          className="font-semibold underline underline-offset-2"
        >
          Open
        </a>
      ) : null}
    </span>
  );
}

function Attachments({
  items,
  className,
}: {
  items: DmMessage["attachments"];
  className?: string | false | undefined;
}) {
  if (items.length === 0) return null;
  return (
    <div className={cn("space-y-1.5", className)}>
      {items.map((attachment, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a message's attachments never reorder
        <AttachmentView key={index} attachment={attachment} />
      ))}
    </div>
  );
}

export type DmSend = (input: {
  text: string | null;
  clientId: string;
  imageUrl?: string | null;
}) => Promise<{ message_id: string; message_ids?: string[] }>;

/** Contract §5.2: Instagram takes JPEG, PNG (and GIF) images up to 8 MB in a message. */
export const DM_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif"];
export const MAX_DM_IMAGE_BYTES = 8 * 1024 * 1024;

/** Why a chosen file cannot go in a message, or null when it can. */
export function dmImageProblem(file: { type: string; size: number }): string | null {
  if (!DM_IMAGE_TYPES.includes(file.type)) {
    return "Instagram takes JPEG, PNG or GIF images in messages. Choose another image.";
  }
  if (file.size > MAX_DM_IMAGE_BYTES) {
    return "The image is too large: Instagram takes images up to 8 MB in messages.";
  }
  return null;
}

export function DmThreadView({
  threadId,
  thread,
  onSend,
  onUploadImage,
  onManageSavedReplies,
}: {
  threadId: string;
  thread: DmThread;
  onSend: DmSend;
  /** Stores a chosen image and answers its URL (the server checks it is the user's own). */
  onUploadImage: (file: File) => Promise<{ url: string }>;
  onManageSavedReplies: () => void;
}) {
  const format = useFormatDateTime();
  const [draft, setDraft] = useDraft(`dm:${threadId}`);
  const [local, setLocal] = useState<LocalSend[]>([]);
  const [image, setImage] = useState<ReplyImage | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const rows = mergeThread(thread.messages, local);
  const window = thread.window;
  const lastInbound = [...thread.messages].reverse().find((m) => m.direction === "inbound");
  const suggestion =
    rows.at(-1)?.direction === "inbound"
      ? suggestReply({
          kind: "dm",
          name: thread.person?.name ?? thread.person?.username ?? null,
          lastText: lastInbound?.text ?? null,
        })
      : null;

  // Newest at the bottom: keep the view there as messages arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a message is added
  useLayoutEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [rows.length]);

  async function send(entry: { clientId: string; text: string | null; image: ReplyImage | null }) {
    const { clientId, text } = entry;
    setLocal((current) => [
      ...current.filter((item) => item.clientId !== clientId),
      { clientId, text, image: entry.image, status: "sending", at: new Date().toISOString() },
    ]);
    try {
      let imageUrl = entry.image?.url;
      if (entry.image && !imageUrl && entry.image.file) {
        // Kept on the entry, so a retry after a failed send does not upload it again.
        imageUrl = (await onUploadImage(entry.image.file)).url;
        const uploaded = { ...entry.image, url: imageUrl };
        setLocal((current) =>
          current.map((item) => (item.clientId === clientId ? { ...item, image: uploaded } : item)),
        );
      }
      const sent = await onSend({ text, clientId, ...(imageUrl ? { imageUrl } : {}) });
      setLocal((current) =>
        current.map((item) =>
          item.clientId === clientId
            ? {
                ...item,
                status: "sent",
                messageId: sent.message_id,
                messageIds: sent.message_ids ?? [sent.message_id],
              }
            : item,
        ),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : "Instagram could not be reached.";
      setLocal((current) =>
        current.map((item) =>
          item.clientId === clientId ? { ...item, status: "failed", error: message } : item,
        ),
      );
    }
  }

  /** Retry sends again what of this reply failed: its image, its text, or both. */
  function retry(row: Row) {
    if (!row.clientId) return;
    const entry = local.find((item) => item.clientId === row.clientId);
    const group = rows.filter((item) => item.clientId === row.clientId);
    const serverGroup = group.filter((item) => !item.key.startsWith("local:"));
    if (serverGroup.length === 0 && entry) {
      void send({ clientId: entry.clientId, text: entry.text, image: entry.image ?? null });
      return;
    }
    const failedText = serverGroup.find((item) => item.part === "text" && item.status === "failed");
    const failedImage = serverGroup.find(
      (item) => item.part === "image" && item.status === "failed",
    );
    const imageUrl = failedImage?.attachments[0]?.url ?? null;
    void send({
      clientId: row.clientId,
      text: failedText?.text ?? null,
      image: imageUrl ? { previewUrl: imageUrl, name: "image", url: imageUrl } : null,
    });
  }

  function pickImage(file: File) {
    const problem = dmImageProblem(file);
    setImageError(problem);
    if (problem) return;
    setImage({ previewUrl: URL.createObjectURL(file), name: file.name, file });
  }

  function submit() {
    const text = draft.trim();
    if (!text && !image) return;
    setDraft("");
    setImage(null);
    setImageError(null);
    void send({ clientId: crypto.randomUUID(), text: text || null, image });
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ol
        aria-label="Messages"
        className="min-h-0 flex-1 space-y-2 overflow-y-auto bg-slate-50 px-3 py-4 sm:px-6"
      >
        {rows.map((row) => {
          const isOutbound = row.direction === "outbound";
          return (
            <li
              key={row.key}
              data-testid="dm-message"
              data-status={row.status ?? undefined}
              className={cn("flex flex-col", isOutbound ? "items-end" : "items-start")}
            >
              <div
                className={cn(
                  "max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-sm sm:max-w-[70%]",
                  isOutbound
                    ? "rounded-br-md bg-brand-600 text-white"
                    : "rounded-bl-md bg-white text-slate-900 ring-1 ring-inset ring-slate-200",
                  row.status === "failed" &&
                    "bg-red-50 text-red-900 ring-1 ring-inset ring-red-200",
                  row.status === "sending" && "opacity-70",
                  // A photo on its own is shown as itself, not inside a coloured bubble.
                  !row.text &&
                    row.attachments.length > 0 &&
                    row.attachments.every((attachment) => attachment.type === "image") &&
                    "bg-transparent p-0 text-slate-700 ring-0",
                  !row.text &&
                    row.status === "failed" &&
                    "outline-2 outline-offset-2 outline-red-400 outline-solid",
                )}
              >
                <Attachments
                  items={row.attachments.filter((attachment) => attachment.type !== "link")}
                  className={cn(row.text && "mb-1.5")}
                />
                {row.text ||
                  (row.attachments.length === 0 ? (
                    <span className="italic opacity-80">
                      A message Instagram does not show to apps: open Instagram to see it.
                    </span>
                  ) : null)}
                {/* A button message's buttons sit under its text, as Instagram shows them. */}
                <Attachments
                  items={row.attachments.filter((attachment) => attachment.type === "link")}
                  className={cn(row.text && "mt-1.5")}
                />
              </div>
              <span className="mt-0.5 flex items-center gap-2 px-1">
                <time dateTime={row.createdTime} className="text-[11px] text-slate-500">
                  {format(row.createdTime, { dateStyle: "medium", timeStyle: "short" })}
                </time>
                <StatusLine
                  row={row}
                  onRetry={() => retry(row)}
                  onEdit={
                    row.text
                      ? () => row.text && setDraft(draft ? `${draft} ${row.text}` : row.text)
                      : null
                  }
                />
              </span>
            </li>
          );
        })}
        <div ref={bottom} />
      </ol>
      {!window.isOpen ? (
        <div
          role="note"
          className="flex items-start gap-2 border-t border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <p>
            {window.closesAt
              ? `The 24-hour reply window closed on ${format(window.closesAt, { dateStyle: "medium", timeStyle: "short" })}.`
              : "This person has not written to you yet."}{" "}
            Instagram lets a business reply within 24 hours of the person's last message, so sending
            is off until they write again.
          </p>
        </div>
      ) : null}
      <ReplyBox
        value={draft}
        onChange={setDraft}
        onSubmit={submit}
        attachment={{
          image,
          error: imageError,
          onPick: pickImage,
          onRemove: () => {
            setImage(null);
            setImageError(null);
          },
        }}
        label="Reply"
        placeholder={window.isOpen ? "Write a reply…" : "Replies are closed"}
        disabled={!window.isOpen}
        limit={{
          count: messageByteLength,
          max: MAX_MESSAGE_BYTES,
          message: "Instagram takes at most 1,000 bytes per message. Shorten the reply.",
        }}
        suggestion={suggestion}
        onManageSavedReplies={onManageSavedReplies}
      />
    </div>
  );
}
