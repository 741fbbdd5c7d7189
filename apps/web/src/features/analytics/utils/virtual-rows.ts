export { visibleRange } from "../../../utils/virtual-rows.ts";

/** Grid columns for a container width (cards at least ~17.5 rem wide, at most three). */
export function gridColumns(width: number): number {
  if (width >= 840) return 3;
  if (width >= 540) return 2;
  return 1;
}
