/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a cell a spreadsheet would
 * read as a formula (=, +, -, @, tab, CR) starts with an apostrophe instead.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
