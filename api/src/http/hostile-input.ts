/**
 * What no route could mean, refused before any route runs, with a 400 naming where it was: control characters in
 * the path, the query or a JSON string (PostgreSQL refuses NUL in text, and no field of the api means one),
 * malformed percent-encoding, JSON nested deeper than any body of the api, and numbers no double holds exactly
 * (a bid of 9007199254740993 would be stored rounded). Tabs and line breaks stay allowed inside JSON strings
 * (descriptions, CMS pages); nowhere else.
 */
import type { Context, Next } from 'koa';
import { Refused } from '../refused.ts';

/** C0 controls and DEL, except tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this check's purpose
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** In a path or a query nothing below a space belongs. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this check's purpose
const CONTROL_IN_ADDRESS = /[\u0000-\u001F\u007F]/;
/** Deeper than any body the api takes; refused before parsing so no parser or validator recurses on it. */
export const MAX_JSON_DEPTH = 32;

/** A form field or file name holding what no text field of the api means. */
export const holdsControlCharacters = (text: string) => CONTROL_IN_TEXT.test(text);

export const notAllowed = (field: string) =>
  new Refused('invalid', `${field} holds characters that are not allowed`, 'validation_failed', { [field]: `${field} holds characters that are not allowed` });

/** Koa middleware: the path and the query, before routing. */
export function addressGuard() {
  return async (ctx: Context, next: Next) => {
    let path: string;
    try {
      path = decodeURIComponent(ctx.path);
    } catch {
      throw new Refused('invalid', 'The address is not valid', 'invalid_path', { path: 'The address is not valid' });
    }
    if (CONTROL_IN_ADDRESS.test(path)) throw notAllowed('path');
    if (ctx.querystring) {
      let params: URLSearchParams;
      try {
        decodeURIComponent(ctx.querystring.replace(/\+/g, ' '));
        params = new URLSearchParams(ctx.querystring);
      } catch {
        throw new Refused('invalid', 'The address is not valid', 'invalid_query', { query: 'The address is not valid' });
      }
      for (const [key, value] of params) {
        if (CONTROL_IN_ADDRESS.test(key) || CONTROL_IN_ADDRESS.test(value)) throw notAllowed(CONTROL_IN_ADDRESS.test(key) ? 'query' : key);
      }
    }
    await next();
  };
}

/** Parses a JSON body the api can take as it is, or throws the 400 that names the first thing wrong. */
export function parseJsonBody(text: string): unknown {
  if (nestingDepth(text) > MAX_JSON_DEPTH) throw new Refused('invalid', 'Request body is nested too deeply', 'invalid_json');
  let inexact: string | null = null;
  let value: unknown;
  try {
    value = JSON.parse(text, function (this: unknown, key: string, parsed: unknown, context?: { source?: string }) {
      if (typeof parsed === 'number' && inexact === null && context?.source && !isExact(parsed, context.source)) inexact = key || 'body';
      return parsed;
    });
  } catch {
    throw new Refused('invalid', 'Request body is not valid JSON', 'invalid_json');
  }
  if (inexact !== null) {
    const message = `${inexact} must be a whole number below 2^53 or a decimal string`;
    throw new Refused('invalid', message, 'validation_failed', { [inexact]: message });
  }
  const bad = controlCharacterAt(value, '');
  if (bad !== null) throw notAllowed(bad || 'body');
  return value;
}

/**
 * A number means what its text says only if the double holds it exactly: whole numbers up to 2^53, and
 * fractions of at most 15 significant digits (what a double always round-trips).
 */
function isExact(value: number, source: string): boolean {
  if (!Number.isFinite(value)) return false;
  if (Number.isInteger(value)) return Number.isSafeInteger(value);
  const digits = source
    .replace(/^-/, '')
    .replace(/[eE].*$/, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return digits.length <= 15;
}

/** How deep arrays and objects nest, counted without parsing (brackets inside strings do not count). */
function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) max = Math.max(max, ++depth);
    else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/** The dotted path of the first string (or key) holding a control character, or null. */
function controlCharacterAt(value: unknown, path: string): string | null {
  if (typeof value === 'string') return CONTROL_IN_TEXT.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterAt(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (CONTROL_IN_TEXT.test(key)) return path || 'body';
      const found = controlCharacterAt(item, at);
      if (found !== null) return found;
    }
  }
  return null;
}
