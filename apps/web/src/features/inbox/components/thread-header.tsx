import { ArrowLeft, ExternalLink, Mail, MailOpen } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";

/** The open thread's header: back (phones), who it is with, and mark read / unread. */
export function ThreadHeader({
  avatar,
  title,
  subtitle,
  onBack,
  isUnread,
  onToggleRead,
  link,
  labels,
}: {
  avatar: ReactNode;
  title: string;
  subtitle: string | null;
  onBack: () => void;
  isUnread: boolean;
  onToggleRead: () => void;
  link?: { href: string; label: string } | null;
  /** The conversation's labels and their menu (the API inbox; not the sample one). */
  labels?: ReactNode;
}) {
  return (
    <div className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-2 sm:px-4">
      <Button
        variant="ghost"
        size="icon"
        onClick={onBack}
        aria-label="Back to conversations"
        className="md:hidden"
      >
        <ArrowLeft aria-hidden="true" />
      </Button>
      {avatar}
      <div className="min-w-0 flex-1">
        <h2 className="truncate text-sm font-semibold text-slate-900">{title}</h2>
        {subtitle ? <p className="truncate text-xs text-slate-500">{subtitle}</p> : null}
      </div>
      {link ? (
        <a
          href={link.href}
          target="_blank"
          rel="noreferrer"
          className="hidden items-center gap-1 text-xs font-semibold text-brand-700 hover:underline sm:inline-flex"
        >
          {link.label}
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      ) : null}
      {labels}
      <Button variant="outline" size="sm" onClick={onToggleRead}>
        {isUnread ? <MailOpen aria-hidden="true" /> : <Mail aria-hidden="true" />}
        <span className="hidden sm:inline">{isUnread ? "Mark read" : "Mark unread"}</span>
        <span className="sr-only sm:hidden">{isUnread ? "Mark read" : "Mark unread"}</span>
      </Button>
    </div>
  );
}
