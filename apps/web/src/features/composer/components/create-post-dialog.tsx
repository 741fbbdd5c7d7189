import * as Dialog from "@radix-ui/react-dialog";
import { ImagePlus, X } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";

/**
 * The header's New button opens this (spec §2: the Create Instagram Post dialog). The composer
 * (media, caption, hashtags, collaborators, live preview, publish and schedule) is its own
 * piece of work; until it lands the dialog says so instead of pretending to post.
 */
export function CreatePostDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            Create Instagram Post
          </Dialog.Title>
          <div className="mt-4 flex gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <ImagePlus aria-hidden="true" className="size-5" />
            </span>
            <Dialog.Description className="text-sm leading-6 text-slate-600">
              The composer is coming: add photos and videos, write the caption and hashtags, invite
              collaborators, preview the post, then publish it or schedule it. Nothing can be posted
              from here yet.
            </Dialog.Description>
          </div>
          <div className="mt-6 flex justify-end">
            <Dialog.Close asChild>
              <Button variant="outline">Close</Button>
            </Dialog.Close>
          </div>
          <Dialog.Close
            aria-label="Close"
            className="absolute right-3 top-3 flex size-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
