// RFC 4180 CSV for spreadsheet users. Cells that a spreadsheet would run as a formula are
// defused (OWASP "CSV injection"): a customer named `=HYPERLINK(…)` must stay text in Excel.

/** Characters that make Excel, LibreOffice or Google Sheets read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Marks the file as UTF-8 for Excel, which otherwise reads it in the system code page (Arabic breaks). */
export const UTF8_BOM = '\uFEFF';

/** One cell: formula starts get a leading `'`, then quotes, commas and line breaks are quoted. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line, CRLF-terminated as RFC 4180 says. */
export function csvRow(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
