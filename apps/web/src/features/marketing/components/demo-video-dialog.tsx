import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { env } from "../../../config/env.ts";

function embedUrl(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("autoplay", "1");
  parsed.searchParams.set("rel", "0");
  return parsed.toString();
}

/**
 * Watch Demo: the video platform's player is embedded only while the modal is open (the page loads
 * nothing from it before), and unmounting on close stops the video. The close button, not the
 * player, takes the focus when it opens, so Escape closes it.
 */
export default function DemoVideoDialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  closeLabel: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={closeLabel}
        closeClassName="text-slate-300 hover:bg-white/10 hover:text-white"
        className="max-w-4xl bg-slate-950 p-3 pt-12 sm:p-4 sm:pt-12"
        // The player would otherwise take the focus (it is the first focusable element), and a key
        // pressed inside its cross-origin frame never reaches the page: Escape would not close.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.target as HTMLElement | null)?.querySelector<HTMLButtonElement>("button")?.focus();
        }}
      >
        <DialogTitle className="absolute left-5 top-3.5 text-base text-white">{title}</DialogTitle>
        <DialogDescription className="sr-only">{description}</DialogDescription>
        <div className="aspect-video w-full overflow-hidden rounded-xl bg-slate-900">
          {open ? (
            <iframe
              src={embedUrl(env.demoVideoUrl)}
              title={title}
              className="size-full"
              allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
            />
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
