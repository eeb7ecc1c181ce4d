/**
 * RFC 4180 CSV: comma-separated fields, CRLF between records, a field quoted when it contains a
 * comma, a double quote, CR or LF, with inner quotes doubled. The parser also accepts LF line
 * ends and a leading UTF-8 byte-order mark (as spreadsheets write them), and reports the line
 * where each record starts.
 */

const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A cell that starts with one of these is read by spreadsheets as a formula (OWASP "CSV
 * injection"); a tab or carriage return can hide such a start behind whitespace.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
const NEUTRALISED = /^'+[=+\-@\t\r]/;

/**
 * Makes a cell inert in spreadsheets: a cell that would start a formula gets a single quote in
 * front (OWASP's advice). A cell that already starts with quotes followed by such a character gets
 * one more, so that `fromSpreadsheetCell` can always undo exactly what this added.
 */
export function toSpreadsheetCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Undoes `toSpreadsheetCell`: one leading quote before quotes and a formula character goes. */
export function fromSpreadsheetCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

export function toCsv(records: readonly (readonly string[])[]): string {
  return records.map((r) => `${r.map(csvField).join(',')}\r\n`).join('');
}

export interface CsvRecord {
  /** 1-based line where the record starts. */
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** Parses CSV text into records; throws CsvError on malformed quoting. Blank lines are skipped. */
export function parseCsv(input: string): CsvRecord[] {
  const text = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let afterQuote = false;
  let fieldStarted = false;

  const endField = () => {
    fields.push(field);
    field = '';
    afterQuote = false;
    fieldStarted = false;
  };
  const endRecord = () => {
    endField();
    const blank = fields.length === 1 && fields[0] === '';
    if (!blank) records.push({ line: recordLine, fields });
    fields = [];
  };

  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 1;
        } else {
          quoted = false;
          afterQuote = true;
        }
      } else {
        if (ch === '\n') line += 1;
        field += ch;
      }
      continue;
    }
    if (ch === ',') {
      endField();
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else if (afterQuote) {
      throw new CsvError(line, `Line ${line}: unexpected text after a closing quote`);
    } else if (ch === '"') {
      if (fieldStarted) throw new CsvError(line, `Line ${line}: a quote inside an unquoted field`);
      quoted = true;
      fieldStarted = true;
    } else {
      field += ch;
      fieldStarted = true;
    }
  }
  if (quoted) throw new CsvError(recordLine, `Line ${recordLine}: a quoted field is not closed`);
  if (fieldStarted || afterQuote || fields.length > 0) endRecord();
  return records;
}
