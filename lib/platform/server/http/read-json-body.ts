import { DomainError } from '@/lib/platform/server/errors/domain-error';
import { readBodyBytes } from '@/lib/platform/server/http/read-body-bytes';

export const MAX_BODY_BYTES = 1024 * 1024;
/** Deepest nesting of arrays and objects a body may have: far beyond any request of ours. */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

/**
 * How deeply `text` nests arrays and objects, stopping as soon as it passes `limit`: one pass
 * over the characters, no recursion, so a hostile body cannot overflow the stack here. It
 * runs before JSON.parse, hence before anything (the request hash, zod) walks the value.
 */
export function exceedsJsonDepth(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let isInString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isInString) {
      if (code === BACKSLASH) i++;
      else if (code === QUOTE) isInString = false;
    } else if (code === QUOTE) {
      isInString = true;
    } else if (OPENERS.has(code)) {
      if (++depth > limit) return true;
    } else if (CLOSERS.has(code)) {
      depth--;
    }
  }
  return false;
}

/** A `\uD800`–`\uDFFF` escape: the only way a body decoded as UTF-8 can carry a surrogate. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
/** A surrogate that is not half of a pair (with the `u` flag a well-formed pair is one code point). */
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;

/**
 * Where `value` holds a string (or an object key) that is not well-formed Unicode, as a path like
 * `user_metadata.firstName`; null when it holds none. Iterative: the depth was bounded before.
 */
export function illFormedStringPath(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (LONE_SURROGATE.test(current)) return path || '(the body)';
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: `${path}[${index}]` }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, item] of Object.entries(current)) {
        // The path goes into the error: a bad key is named with U+FFFD in place of its half pair.
        const name = key.replace(LONE_SURROGATES, '\uFFFD');
        const keyPath = path ? `${path}.${name}` : name;
        if (LONE_SURROGATE.test(key)) return keyPath;
        stack.push({ value: item, path: keyPath });
      }
    }
  }
  return null;
}

/**
 * Reads and parses a JSON body whatever its Content-Type (spec 1.3.0: the create request's
 * content type is no longer required), refusing bodies over MAX_BODY_BYTES with 413 and bodies
 * nested deeper than MAX_JSON_DEPTH or holding ill-formed Unicode text with 400. Every route reads its body here (lib/edge/server/route.ts).
 */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  // No body reads as empty, refused below like a blank one.
  const text = (await readBodyBytes(request, limit, `Request bodies are limited to ${limit} bytes`)).toString('utf8');
  if (text.trim() === '') throw new DomainError('invalid_json', 'The request body is empty; a JSON object is expected');
  if (exceedsJsonDepth(text)) {
    throw new DomainError('invalid_json', `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch (error) {
    throw new DomainError('invalid_json', `The request body is not valid JSON: ${(error as Error).message}`);
  }
  // JSON may escape half a surrogate pair (`"\ud800"`): JavaScript keeps it, PostgreSQL refuses it
  // in json and text (a 500 from deep inside a write), and no reader could display it. Refused here,
  // for every route, before anything stores or hashes it.
  if (SURROGATE_ESCAPE.test(text)) {
    const path = illFormedStringPath(body);
    if (path !== null) {
      throw new DomainError('invalid_request', `${path}: is not well-formed Unicode text (it holds half of a UTF-16 surrogate pair, like \\ud800)`);
    }
  }
  return body;
}
