import { AppError } from '../../plugins/errors.ts';

/** A field longer than this is no export's: the file is refused rather than held in memory. */
export const MAX_CSV_FIELD = 64 * 1024;
/** No export has rows this wide. */
const MAX_CSV_FIELDS = 200;

/** One record of a CSV file, with the line it starts on (1 is the header). */
export interface CsvRow {
  line: number;
  fields: string[];
}

/**
 * A streaming CSV reader (RFC 4180: quoted fields holding commas, quotes doubled, line breaks inside
 * quotes; CRLF or LF). Text is pushed in as it is decoded and rows come out as soon as they end, so
 * a file is never held whole. A BOM is the decoder's to drop (TextDecoder does).
 */
export class CsvReader {
  private field = '';
  private fields: string[] = [];
  private inQuotes = false;
  /** After a closing quote: the next character must end the field. */
  private afterQuote = false;
  private line = 1;
  private rowLine = 1;
  private isEmptyRow = true;
  private pendingCr = false;

  constructor(
    private readonly file: string,
    private readonly onRow: (row: CsvRow) => void,
  ) {}

  push(text: string): void {
    for (let index = 0; index < text.length; index++) {
      const character = text[index]!;
      if (this.pendingCr) {
        this.pendingCr = false;
        if (character === '\n') continue;
      }
      if (this.inQuotes) {
        if (character === '"') {
          if (text[index + 1] === '"') {
            this.field += '"';
            index++;
          } else {
            // A closing quote, or the first of a doubled pair split across two pushes (see below).
            this.inQuotes = false;
            this.afterQuote = true;
          }
        } else {
          if (character === '\n') this.line++;
          this.append(character);
        }
        continue;
      }
      if (this.afterQuote && character === '"') {
        // The second quote of a pair split across pushes: a literal quote, still inside the field.
        this.afterQuote = false;
        this.inQuotes = true;
        this.field += '"';
        continue;
      }
      if (character === ',') {
        this.endField();
      } else if (character === '\n' || character === '\r') {
        this.endRow();
        this.line++;
        this.rowLine = this.line;
        if (character === '\r') this.pendingCr = true;
      } else if (character === '"' && this.field === '' && !this.afterQuote) {
        this.inQuotes = true;
        this.isEmptyRow = false;
      } else {
        // A stray quote inside an unquoted field, or text after a closing quote: kept as written.
        this.afterQuote = false;
        this.append(character);
      }
    }
  }

  /** The end of the file: the last row, and a refusal when it ends inside a quoted field. */
  end(): void {
    if (this.inQuotes) {
      throw new AppError(
        'invalid_input',
        `${this.file} ends inside a quoted field (line ${this.rowLine}): the file looks cut off`,
      );
    }
    this.endRow();
  }

  private append(character: string): void {
    this.isEmptyRow = false;
    this.field += character;
    if (this.field.length > MAX_CSV_FIELD) {
      throw new AppError('invalid_input', `${this.file} line ${this.rowLine}: a field is longer than 64 KB`);
    }
  }

  private endField(): void {
    this.isEmptyRow = false;
    this.fields.push(this.field);
    this.field = '';
    this.afterQuote = false;
    if (this.fields.length > MAX_CSV_FIELDS) {
      throw new AppError('invalid_input', `${this.file} line ${this.rowLine}: more than ${MAX_CSV_FIELDS} fields`);
    }
  }

  private endRow(): void {
    if (this.isEmptyRow && this.fields.length === 0 && this.field === '') {
      this.afterQuote = false;
      return; // blank lines are skipped
    }
    this.fields.push(this.field);
    this.onRow({ line: this.rowLine, fields: this.fields });
    this.field = '';
    this.fields = [];
    this.afterQuote = false;
    this.isEmptyRow = true;
  }
}

/** Parses a whole CSV text (tests, small files). */
export function parseCsv(text: string, file = 'file.csv'): CsvRow[] {
  const rows: CsvRow[] = [];
  const reader = new CsvReader(file, (row) => rows.push(row));
  reader.push(text.replace(/^\uFEFF/, ''));
  reader.end();
  return rows;
}

/**
 * Rows of a CSV file read as records of its header: the first row names the columns, and a file
 * whose header lacks a required column is refused, naming it. A row whose field count differs
 * from the header's is handed on as broken, with the reason, not dropped silently.
 */
export class CsvTable {
  private columns: Map<string, number> | null = null;
  private width = 0;

  constructor(
    private readonly file: string,
    private readonly required: readonly string[],
    private readonly describe: string,
    private readonly onRecord: (record: CsvRecord) => void,
    private readonly onBroken: (line: number, reason: string, record: CsvRecord | null) => void,
  ) {}

  row({ line, fields }: CsvRow): void {
    if (!this.columns) {
      const names = fields.map((name) => name.trim());
      this.columns = new Map(names.map((name, index) => [name, index]));
      this.width = names.length;
      const missing = this.required.filter((name) => !this.columns!.has(name));
      if (missing.length > 0) {
        const list = missing.map((name) => `"${name}"`).join(', ');
        throw new AppError(
          'invalid_input',
          `${this.file} is not ${this.describe}: its header lacks ${list} (it has ${names.map((name) => `"${name}"`).join(', ') || 'nothing'})`,
        );
      }
      return;
    }
    const record = new CsvRecord(line, fields, this.columns);
    if (fields.length !== this.width) {
      this.onBroken(line, `the row has ${fields.length} fields where the header has ${this.width}`, record);
      return;
    }
    this.onRecord(record);
  }

  /** Whether the header was read (an empty file has none). */
  get hasHeader(): boolean {
    return this.columns !== null;
  }
}

export class CsvRecord {
  constructor(
    readonly line: number,
    private readonly fields: string[],
    private readonly columns: Map<string, number>,
  ) {}

  get(column: string): string {
    const index = this.columns.get(column);
    return index === undefined ? '' : (this.fields[index] ?? '').trim();
  }
}
