// The figures' formatting is the PDF's own (packages/contracts/src/report-format.ts).
export {
  formatChange,
  formatCount,
  formatDay,
  formatRate,
} from "@sightline/contracts";

/** Addresses typed one per line or separated by commas. */
export function parseRecipients(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}
