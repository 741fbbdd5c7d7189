import { Loader2 } from "lucide-react";
import type { MediaUploads } from "../hooks/use-media-uploads.ts";
import { CropOffers } from "./crop-offers.tsx";
import { MediaPicker } from "./media-picker.tsx";

/** The Media part of the form: the picker, photos waiting for a crop, and files being read. */
export function MediaSection({ media }: { media: MediaUploads }) {
  const { processing } = media;
  return (
    <>
      <MediaPicker
        items={media.items}
        selectedIndex={media.selectedIndex}
        onSelect={media.select}
        onFiles={media.addFiles}
        onMove={media.moveMedia}
        onRemove={media.removeItem}
        isProcessing={processing > 0}
      />
      <CropOffers
        offers={media.cropOffers}
        onCrop={media.cropAndAdd}
        onDismiss={media.dismissCropOffer}
      />
      {processing > 0 && (
        <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
          Reading {processing} {processing === 1 ? "file" : "files"}…
        </p>
      )}
    </>
  );
}
