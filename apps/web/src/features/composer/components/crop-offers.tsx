import { Crop } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";

export interface CropOffer {
  id: string;
  file: File;
  /** The file, its size and Instagram's rule, in words. */
  message: string;
  crop: { x: number; y: number; width: number; height: number; label: "4:5" | "1.91:1" };
}

/**
 * Issue 24: a photo Instagram would refuse for its shape is held here, before it joins the
 * post, until the user crops it to the nearest shape Instagram takes or leaves it out.
 */
export function CropOffers({
  offers,
  onCrop,
  onDismiss,
}: {
  offers: readonly CropOffer[];
  onCrop: (offer: CropOffer) => void;
  onDismiss: (id: string) => void;
}) {
  if (offers.length === 0) return null;
  return (
    <ul className="space-y-2" aria-label="Photos to crop before they can be added">
      {offers.map((offer) => (
        <li
          key={offer.id}
          data-testid="crop-offer"
          className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 sm:flex-row sm:items-center"
        >
          <p className="min-w-0 flex-1">
            {offer.message} Crop the middle of it to {offer.crop.label}, or leave it out.
          </p>
          <div className="flex shrink-0 gap-2">
            <Button type="button" size="sm" onClick={() => onCrop(offer)}>
              <Crop aria-hidden="true" />
              Crop to {offer.crop.label}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => onDismiss(offer.id)}>
              Don't add
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
