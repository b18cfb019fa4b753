import { AppError } from '../../plugins/errors.ts';

/** An item of an export is a few hundred bytes; one this long is no export's and is refused, not held. */
export const MAX_JSON_ITEM_CHARS = 1024 * 1024;

export interface JsonStreamHandlers {
  /**
   * An item of a list: of the top-level list (`list` null), or of a list that is a member of the
   * top-level object (`list` its key). `index` counts from 0 in its list.
   */
  onItem(list: string | null, index: number, item: unknown): void;
  /** A member of the top-level object whose value is no list (a settings object, a format name). */
  onMember?(key: string, value: unknown): void;
  /** A member of the top-level object whose value is a list: its items follow. */
  onList?(key: string): void;
}

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

type State =
  | 'start'
  /** In a list: an item or its end may come (just after `[`). */
  | 'list-first'
  /** In a list, after an item: `,` or `]`. */
  | 'list-next'
  /** In a list, after `,`: an item. */
  | 'list-item'
  /** In the top-level object: a key or `}` (just after `{`). */
  | 'object-first'
  | 'object-key'
  | 'object-colon'
  | 'object-value'
  | 'object-next'
  | 'done';

/**
 * Reads a JSON file as it streams in, for exports that are a list of items (a Trakt file) or an
 * object whose members are lists of items (Marquee's export): each item is handed on as soon as
 * it ends, so the file is never held whole; only one item at a time is, and one longer than
 * `maxItemChars` is refused. Invalid or cut-off JSON is refused naming the file and where
 * (line, column and character, from 1).
 */
export class JsonStreamReader {
  private state: State = 'start';
  /** Whether the top-level value is an object (its members' lists are read item by item). */
  private isObject = false;
  /** The key of the top-level object's list being read; null in a top-level list. */
  private list: string | null = null;
  private depthOfList = 0;
  private index = 0;
  private key = '';

  /** The value being taken whole (an item, or a member that is no list). */
  private capture: {
    text: string;
    depth: number;
    inString: boolean;
    escaped: boolean;
    /** A number, true, false or null: it ends at the first character that cannot be part of it. */
    isBare: boolean;
    at: Position;
    kind: 'item' | 'member' | 'key';
  } | null = null;

  private position: Position = { char: 0, line: 1, column: 0 };

  constructor(
    private readonly file: string,
    private readonly expect: 'list' | 'object',
    private readonly handlers: JsonStreamHandlers,
    private readonly maxItemChars = MAX_JSON_ITEM_CHARS,
    /** What the file should be, for the refusal of a file of another kind. */
    private readonly kind = 'an export file',
  ) {}

  /** How many characters are held: at most the item being read. */
  get heldChars(): number {
    return this.capture?.text.length ?? 0;
  }

  push(text: string): void {
    let from = 0;
    for (let index = 0; index < text.length; index++) {
      const character = text[index]!;
      this.advance(character);
      const capture = this.capture;
      if (capture) {
        if (this.continues(capture, character)) continue;
        // The value ended: at this character (a closing bracket or quote), or before it (a bare value).
        const end = capture.isBare ? index : index + 1;
        capture.text += text.slice(from, end);
        this.capture = null;
        this.finishValue(capture);
        if (!capture.isBare) continue;
      }
      if (this.step(character)) from = index;
      else from = index + 1;
    }
    if (this.capture) {
      this.capture.text += text.slice(from);
      if (this.capture.text.length > this.maxItemChars) this.tooLong(this.capture);
    }
  }

  /** The end of the file: refused unless the whole value was read. */
  end(): void {
    if (this.capture?.isBare) {
      const capture = this.capture;
      this.capture = null;
      this.finishValue(capture);
    }
    if (this.state === 'done') return;
    if (this.state === 'start') throw this.invalid(`${this.file} is empty: it holds no JSON`);
    const list = this.list === null ? '' : ` of "${this.list}"`;
    const inside = this.capture
      ? this.capture.kind === 'item'
        ? `item ${this.index + 1}${list}`
        : 'a value'
      : this.list !== null || !this.isObject
        ? `the list${list}`
        : 'the object';
    throw this.invalid(
      `${this.file} is cut off: the JSON ends inside ${inside} (line ${this.position.line}, character ${this.position.char})`,
    );
  }

  private advance(character: string): void {
    this.position.char++;
    if (character === '\n') {
      this.position.line++;
      this.position.column = 0;
    } else {
      this.position.column++;
    }
  }

  /** Whether the captured value goes on past this character (already counted in its depth). */
  private continues(capture: NonNullable<JsonStreamReader['capture']>, character: string): boolean {
    if (capture.isBare)
      return !(character === ',' || character === ']' || character === '}' || WHITESPACE.has(character));
    if (capture.inString) {
      if (capture.escaped) capture.escaped = false;
      else if (character === '\\') capture.escaped = true;
      else if (character === '"') {
        capture.inString = false;
        return capture.depth > 0;
      }
      return true;
    }
    if (character === '"') capture.inString = true;
    else if (character === '{' || character === '[') capture.depth++;
    else if (character === '}' || character === ']') {
      capture.depth--;
      return capture.depth > 0;
    }
    return true;
  }

  /**
   * The structure around the items, one character at a time. Answers true when the character
   * starts a value taken whole (so its text begins here).
   */
  private step(character: string): boolean {
    if (WHITESPACE.has(character)) return false;
    switch (this.state) {
      case 'start':
        if (character === '\uFEFF' && this.position.char === 1) return false;
        if (character === '[') {
          if (this.expect === 'object') throw this.unexpected(character, 'an object ({)');
          this.state = 'list-first';
          this.list = null;
          return false;
        }
        if (character === '{') {
          if (this.expect === 'list') {
            throw this.invalid(`${this.file} is not ${this.kind}: it holds no list`);
          }
          this.isObject = true;
          this.state = 'object-first';
          return false;
        }
        throw this.unexpected(character, this.expect === 'list' ? 'a list ([)' : 'an object ({)');
      case 'list-first':
        if (character === ']') return this.endList();
        return this.startValue(character, 'item');
      case 'list-item':
        return this.startValue(character, 'item');
      case 'list-next':
        if (character === ',') {
          this.state = 'list-item';
          return false;
        }
        if (character === ']') return this.endList();
        throw this.unexpected(character, '"," or "]" after an item');
      case 'object-first':
        if (character === '}') {
          this.state = 'done';
          return false;
        }
        if (character !== '"') throw this.unexpected(character, 'a key in quotes');
        return this.startValue(character, 'key');
      case 'object-key':
        if (character !== '"') throw this.unexpected(character, 'a key in quotes');
        return this.startValue(character, 'key');
      case 'object-colon':
        if (character !== ':') throw this.unexpected(character, '":" after a key');
        this.state = 'object-value';
        return false;
      case 'object-value':
        if (character === '[') {
          this.list = this.key;
          this.index = 0;
          this.state = 'list-first';
          this.handlers.onList?.(this.key);
          return false;
        }
        return this.startValue(character, 'member');
      case 'object-next':
        if (character === ',') {
          this.state = 'object-key';
          return false;
        }
        if (character === '}') {
          this.state = 'done';
          return false;
        }
        throw this.unexpected(character, '"," or "}" after a member');
      case 'done':
        throw this.unexpected(character, 'nothing after the end of the JSON');
    }
  }

  private endList(): boolean {
    this.state = this.isObject ? 'object-next' : 'done';
    this.list = null;
    this.index = 0;
    return false;
  }

  private startValue(character: string, kind: 'item' | 'member' | 'key'): boolean {
    const isBare = !(character === '{' || character === '[' || character === '"');
    if (isBare && !/[-0-9tfn]/.test(character)) throw this.unexpected(character, 'a value');
    this.capture = {
      text: '',
      depth: character === '"' ? 0 : isBare ? 0 : 1,
      inString: character === '"',
      escaped: false,
      isBare,
      at: { ...this.position },
      kind,
    };
    return true;
  }

  private finishValue(capture: NonNullable<JsonStreamReader['capture']>): void {
    if (capture.text.length > this.maxItemChars) this.tooLong(capture);
    let value: unknown;
    try {
      value = JSON.parse(capture.text);
    } catch (error) {
      // JSON.parse names a position within the value: the file's is the value's start plus it.
      const within = /position (\d+)/.exec(error instanceof Error ? error.message : '');
      const at = within ? `character ${capture.at.char + Number(within[1])}` : `line ${capture.at.line}`;
      const what =
        capture.kind === 'item' ? `item ${this.index + 1}${this.list ? ` of "${this.list}"` : ''}` : 'a value';
      throw this.invalid(
        `${this.file} is not valid JSON: ${what} (from line ${capture.at.line}, column ${capture.at.column}) is broken near ${at}`,
      );
    }
    switch (capture.kind) {
      case 'key':
        this.key = value as string;
        this.state = 'object-colon';
        return;
      case 'member':
        this.state = 'object-next';
        this.handlers.onMember?.(this.key, value);
        return;
      case 'item':
        this.state = 'list-next';
        this.handlers.onItem(this.list, this.index++, value);
        return;
    }
  }

  private tooLong(capture: NonNullable<JsonStreamReader['capture']>): never {
    const limit =
      this.maxItemChars >= 1024 * 1024
        ? `${Math.round(this.maxItemChars / (1024 * 1024))} MB`
        : `${Math.round(this.maxItemChars / 1024)} KB`;
    throw new AppError(
      'invalid_input',
      `${this.file}: the item from line ${capture.at.line}, column ${capture.at.column} is longer than ${limit}; no export’s items are`,
    );
  }

  private unexpected(character: string, wanted: string): AppError {
    const { line, column, char } = this.position;
    return this.invalid(
      `${this.file} is not valid JSON: ${JSON.stringify(character)} at line ${line}, column ${column} (character ${char}) where ${wanted} was expected`,
    );
  }

  private invalid(message: string): AppError {
    return new AppError('invalid_input', message);
  }
}

interface Position {
  /** Characters read, from 1 (the current one). */
  char: number;
  line: number;
  column: number;
}
