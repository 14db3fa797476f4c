/**
 * Edits on raw JSON text. Recorded items are served byte for byte as Reddit sent them (spacing,
 * `1610930669.0` floats, escapes), so changes (a new created_utc, a score, a removal) are spliced
 * into the text instead of re-serialising a parsed object.
 */

interface Member {
  key: string;
  /** From the opening quote of the key to the end of the value. */
  start: number;
  valueStart: number;
  end: number;
}

/** Skips a JSON value starting at `i` (after whitespace) and returns the index after it. */
function skipValue(text: string, i: number): number {
  let depth = 0;
  let inString = false;
  for (; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') {
        inString = false;
        if (depth === 0) return i + 1;
      }
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i + 1;
      if (depth < 0) return i;
    } else if (depth === 0 && (c === ',' || c === '}' || c === ']')) return i;
  }
  return i;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && /\s/.test(text[i])) i++;
  return i;
}

/** The members of the JSON object whose text is `objectText` (top level only). */
export function members(objectText: string): Member[] {
  const out: Member[] = [];
  let i = skipSpace(objectText, objectText.indexOf('{') + 1);
  while (i < objectText.length && objectText[i] === '"') {
    const keyEnd = skipValue(objectText, i);
    const key = JSON.parse(objectText.slice(i, keyEnd)) as string;
    const valueStart = skipSpace(objectText, objectText.indexOf(':', keyEnd) + 1);
    const end = skipNumberOrValue(objectText, valueStart);
    out.push({ key, start: i, valueStart, end });
    i = skipSpace(objectText, end);
    if (objectText[i] === ',') i = skipSpace(objectText, i + 1);
  }
  return out;
}

function skipNumberOrValue(text: string, i: number): number {
  if (text[i] === '"' || text[i] === '{' || text[i] === '[') return skipValue(text, i);
  let j = i;
  while (j < text.length && !/[\s,}\]]/.test(text[j])) j++;
  return j;
}

/** The raw texts of the elements of the JSON array that starts at `arrayStart` ("["). */
export function arrayElements(text: string, arrayStart: number): string[] {
  const out: string[] = [];
  let i = skipSpace(text, arrayStart + 1);
  while (i < text.length && text[i] !== ']') {
    const end = skipNumberOrValue(text, i);
    out.push(text.slice(i, end));
    i = skipSpace(text, end);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return out;
}

/**
 * Replaces (value is a JSON text) or removes (value undefined) top-level members. Keys absent
 * from the object are left absent.
 */
export function spliceMembers(
  objectText: string,
  edits: Record<string, string | undefined>,
): string {
  const found = members(objectText).filter((m) => m.key in edits);
  let out = objectText;
  // Right to left so earlier offsets stay valid.
  for (const m of found.reverse()) {
    const value = edits[m.key];
    if (value !== undefined) {
      out = out.slice(0, m.valueStart) + value + out.slice(m.end);
      continue;
    }
    const after = skipSpace(out, m.end);
    if (out[after] === ',') out = out.slice(0, m.start) + out.slice(skipSpace(out, after + 1));
    else {
      // The last member: remove the comma before it instead.
      const before = out.lastIndexOf(',', m.start);
      const cut = before > out.indexOf('{') ? before : m.start;
      out = out.slice(0, cut) + out.slice(after);
    }
  }
  return out;
}

/** Reddit writes epoch seconds as floats: `1610930669.0`. */
export function epochFloat(seconds: number): string {
  return Number.isInteger(seconds) ? `${seconds}.0` : String(seconds);
}

const FLOAT_KEYS = new Set(['created', 'created_utc']);
const MARK = '\u0000float:';

/** JSON.stringify, except created/created_utc come out as `1610930669.0` like Reddit's. */
export function stringifyReddit(value: unknown): string {
  return JSON.stringify(value, (key, v) =>
    FLOAT_KEYS.has(key) && typeof v === 'number' ? MARK + epochFloat(v) : v,
  ).replace(/"\\u0000float:([-\d.e+]+)"/g, '$1');
}
