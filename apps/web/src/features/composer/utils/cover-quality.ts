/** Spec §9: a cover is at most 500KB. */
export const MAX_COVER_BYTES = 500 * 1024;
/** Spec §5: JPEG at quality 0.85 first. */
export const COVER_START_QUALITY = 0.85;
export const COVER_QUALITY_STEP = 0.05;
/** Spec §5: lowered while above 0.5. */
export const COVER_MIN_QUALITY = 0.5;

/**
 * Spec §5 cover capture: encode at 0.85, then lower by 0.05 while the quality is above 0.5 and
 * the result is over 500KB. Returns the last encoding and whether it fits; the caller refuses
 * one that does not ('Failed to save cover').
 */
export async function encodeCover(
  encode: (quality: number) => Promise<Blob>,
): Promise<{ blob: Blob; quality: number; fits: boolean }> {
  let quality = COVER_START_QUALITY;
  let blob = await encode(quality);
  while (blob.size > MAX_COVER_BYTES && quality > COVER_MIN_QUALITY + 1e-9) {
    // Rounded so 0.85 − 9 × 0.05 is 0.4 plus float noise, never 0.5000001.
    quality = Math.round((quality - COVER_QUALITY_STEP) * 100) / 100;
    blob = await encode(quality);
  }
  return { blob, quality, fits: blob.size <= MAX_COVER_BYTES };
}
