/** RFC 4180 CSV: fields with commas, quotes or line breaks are quoted, quotes doubled; CRLF rows. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows
    .map((row) =>
      row
        .map((value) => {
          const text = String(value);
          return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
        })
        .join(","),
    )
    .join("\r\n")
    .concat("\r\n");
}
