// Where text that JSON.parse refused stops being JSON, as a line and column and a problem in
// words. The parser's own message is not used: it can quote the text, and a spec file's errors
// never repeat its content. Runs only once a parse has failed, so clarity beats speed here.

export interface SyntaxErrorLocation {
  line: number;
  column: number;
  problem: string;
}

/** A number as JSON spells it (RFC 8259). */
export const JSON_NUMBER_PATTERN = '-?(?:0|[1-9]\\d*)(?:\\.\\d+)?(?:[eE][+-]?\\d+)?';
const NUMBER = new RegExp(JSON_NUMBER_PATTERN, 'y');
const LITERALS = ['true', 'false', 'null'];

/** The first place `text` is not JSON (line and column count from 1). */
export function locateSyntaxError(text: string): SyntaxErrorLocation {
  const found = firstProblem(text);
  const before = text.slice(0, found.offset);
  const line = before.split('\n').length;
  const column = found.offset - (before.lastIndexOf('\n') + 1) + 1;
  return { line, column, problem: found.problem };
}

function firstProblem(text: string): { offset: number; problem: string } {
  const containers: Array<'array' | 'object'> = [];
  let at = skipSpace(text, 0);
  let expecting: 'value' | 'key' | 'after' = 'value';
  for (;;) {
    if (at >= text.length && !(expecting === 'after' && containers.length === 0)) return { offset: at, problem: 'the text ends before the JSON value does' };
    if (expecting === 'value') {
      const char = text[at]!;
      if (char === '{' || char === '[') {
        containers.push(char === '{' ? 'object' : 'array');
        at = skipSpace(text, at + 1);
        const closer = char === '{' ? '}' : ']';
        if (text[at] === closer) {
          containers.pop();
          at = skipSpace(text, at + 1);
          expecting = 'after';
        } else {
          expecting = char === '{' ? 'key' : 'value';
        }
        continue;
      }
      const end = char === '"' ? stringEnd(text, at) : scalarEnd(text, at);
      if (typeof end !== 'number') return end;
      at = skipSpace(text, end);
      expecting = 'after';
      continue;
    }
    if (expecting === 'key') {
      if (text[at] !== '"') return { offset: at, problem: 'expected a property name in double quotes' };
      const end = stringEnd(text, at);
      if (typeof end !== 'number') return end;
      at = skipSpace(text, end);
      if (text[at] !== ':') return { offset: at, problem: 'expected a colon after the property name' };
      at = skipSpace(text, at + 1);
      expecting = 'value';
      continue;
    }
    const container = containers.at(-1);
    if (container === undefined) {
      return at < text.length ? { offset: at, problem: 'more text after the JSON value' } : { offset: at, problem: 'not valid JSON' };
    }
    const closer = container === 'object' ? '}' : ']';
    if (text[at] === closer) {
      containers.pop();
      at = skipSpace(text, at + 1);
    } else if (text[at] === ',') {
      at = skipSpace(text, at + 1);
      if (text[at] === closer) return { offset: at, problem: `a comma before "${closer}" (no trailing commas in JSON)` };
      expecting = container === 'object' ? 'key' : 'value';
    } else {
      return { offset: at, problem: `expected a comma or "${closer}"` };
    }
  }
}

function skipSpace(text: string, at: number): number {
  while (at < text.length && (text[at] === ' ' || text[at] === '\t' || text[at] === '\n' || text[at] === '\r')) at++;
  return at;
}

/** The offset after the string starting at `at` (a quote), or the problem inside it. */
function stringEnd(text: string, at: number): number | { offset: number; problem: string } {
  for (let index = at + 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0x22) return index + 1;
    if (code < 0x20) return { offset: index, problem: 'a control character inside a string (write it as an escape such as \\n)' };
    if (code === 0x5c) {
      const next = text[index + 1];
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) return { offset: index, problem: 'a \\u escape needs four hex digits' };
        index += 5;
      } else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
        index += 1;
      } else {
        return { offset: index, problem: 'an unknown escape in a string' };
      }
    }
  }
  return { offset: text.length, problem: 'a string is not closed' };
}

/** The offset after the number or literal at `at`, or what is wrong there. */
function scalarEnd(text: string, at: number): number | { offset: number; problem: string } {
  const literal = LITERALS.find((word) => text.startsWith(word, at));
  if (literal !== undefined) return at + literal.length;
  NUMBER.lastIndex = at;
  if (NUMBER.test(text)) return NUMBER.lastIndex;
  return { offset: at, problem: 'unexpected character: expected a value (object, array, string, number, true, false or null)' };
}
