// Test-only (node fs): finds the English messages the C++ server can send in its error envelope, by reading
// server/src. Used by serverMessages.coverage.test.ts to prove every one has a translation; never import it
// from app code.
import fs from 'node:fs';
import path from 'node:path';

/** A message as the source builds it: literal pieces and the expressions spliced between them. */
export interface SourceMessage {
  /** Where it was found (relative to server/src) and the line. */
  file: string;
  line: number;
  /** Literal text and, for a concatenation, `{expr}` for each spliced expression. */
  template: string;
  /** The parts in order: strings are literal text, `{ expr }` the code spliced in. */
  parts: (string | { expr: string })[];
  /** Why it counts as a message: it reads like a sentence, sits in an error context, or both. */
  reasons: ('shape' | 'context')[];
}

/**
 * Files whose sentences are not error-envelope messages: demo data, CLI help, and the Auth.js HTML pages
 * (pages.cpp carries its own Thai and English for every error it renders).
 */
export const NOT_API_FILES = ['learning/seed.cpp', 'main.cpp', 'app/config.cpp', 'auth/pages.cpp'];

interface Lexed {
  /** The source with comments blanked and every string literal replaced by `"§n"` (n indexes `literals`). */
  masked: string;
  literals: string[];
}

/** Blanks comments and lifts string literals out (escapes decoded, adjacent literals joined). */
export function lexCpp(src: string): Lexed {
  const literals: string[] = [];
  let out = '';
  let i = 0;
  const n = src.length;
  const pushLiteral = (value: string) => {
    // "a" "b" is one literal in C++: join with the previous one when only whitespace lies between.
    const m = out.match(/"§(\d+)"(\s*)$/);
    if (m) {
      literals[Number(m[1])] += value;
      out = out.slice(0, out.length - m[2]!.length) + m[2]!.replace(/[^\n]/g, '');
      return;
    }
    literals.push(value);
    out += `"§${literals.length - 1}"`;
  };
  while (i < n) {
    const c = src[i]!;
    const prev = i > 0 ? src[i - 1]! : '';
    if (c === '/' && src[i + 1] === '/') {
      while (i < n && src[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      out += src.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
      continue;
    }
    if (c === 'R' && src[i + 1] === '"' && !/\w/.test(prev)) {
      const open = src.indexOf('(', i + 2);
      const delim = src.slice(i + 2, open);
      const end = src.indexOf(`)${delim}"`, open);
      const body = src.slice(open + 1, end < 0 ? n : end);
      pushLiteral(body);
      out += body.replace(/[^\n]/g, ''); // keep line numbers
      i = end < 0 ? n : end + delim.length + 2;
      continue;
    }
    if (c === "'" && !/[0-9A-Fa-f]/.test(prev)) {
      // A character literal ('x', '\''); a quote after a digit is a digit separator (1'000).
      let j = i + 1;
      while (j < n && src[j] !== "'" && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      out += src.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let value = '';
      while (j < n && src[j] !== '"' && src[j] !== '\n') {
        if (src[j] === '\\') {
          const e = src[j + 1]!;
          value += e === 'n' ? '\n' : e === 't' ? '\t' : e;
          j += 2;
        } else value += src[j++];
      }
      pushLiteral(value);
      i = j + 1;
      continue;
    }
    out += c;
    i++;
  }
  return { masked: out, literals };
}

// One operand of a `+` chain: a lifted literal, or an expression such as std::to_string(*f.min),
// target->label.en, e.what(), std::string(key), allowed.
const LIT = String.raw`"§\d+"`;
const EXPR = String.raw`[*&]?[A-Za-z_][\w:]*(?:(?:\.|->)[A-Za-z_]\w*)*(?:\((?:[^()]|\([^()]*\))*\))?(?:(?:\.|->)[A-Za-z_]\w*(?:\(\))?)*`;
const OPERAND = `(?:${LIT}|${EXPR})`;
// A chain has at least one literal; the expressions around it join with `+`.
const CHAIN = new RegExp(String.raw`(?:${OPERAND}\s*\+\s*)*${LIT}(?:\s*\+\s*${OPERAND})*`, 'g');

function chainParts(text: string, literals: string[]): SourceMessage['parts'] {
  const parts: SourceMessage['parts'] = [];
  // Split at top-level '+'.
  let depth = 0;
  let cur = '';
  const ops: string[] = [];
  for (const ch of text) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === '+' && depth === 0) {
      ops.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  ops.push(cur.trim());
  for (const op of ops) {
    // std::string("literal") is the literal.
    const m = op.match(/^(?:std::string\()?"§(\d+)"\)?$/);
    if (m) {
      const s = literals[Number(m[1])]!;
      if (typeof parts[parts.length - 1] === 'string') parts[parts.length - 1] += s;
      else parts.push(s);
    } else parts.push({ expr: op.replace(/"§(\d+)"/g, (_, n: string) => JSON.stringify(literals[Number(n)])) });
  }
  return parts;
}

const render = (parts: SourceMessage['parts']) => parts.map((p) => (typeof p === 'string' ? p : `{${p.expr}}`)).join('');

/** Reads like an English sentence a person is meant to read (not SQL, a label, a code or a log format). */
function sentenceShaped(template: string): boolean {
  if (/[\u0E00-\u0E7F]/.test(template)) return false; // already Thai
  if (template.includes('{}')) return false; // fmt log format
  const t = template.trim();
  if (!/[.]["')]?$/.test(t) && !/\.\s*\{[^}]*\}$/.test(t)) return false;
  if (/^(SELECT|INSERT|UPDATE|DELETE|CREATE|PRAGMA|WITH|FROM)\b/.test(t)) return false;
  return /^(?:[A-Z"]|\{[^}]*\}\s+[a-z])/.test(t) && /[a-z]{2}/.test(t);
}

/** Identifier-like literals (field names, error codes, kinds) are not messages even inside an error context. */
const identifierLike = (template: string) => /^[\w-]*(?:\.[\w-]+)*$/.test(template);

/** Byte ranges of the masked source that are error contexts: ApiError arguments and errors-map assignments. */
function contextRanges(masked: string): [number, number][] {
  const ranges: [number, number][] = [];
  // Calls whose arguments are messages (and errors.emplace(field, message)).
  const call = /\b(?:ApiError(?:::\w+)?|bad|fail|auth_error|ParseError|refuse|emplace|try_emplace)\s*[({]/g;
  for (let m; (m = call.exec(masked)); ) {
    const open = m.index + m[0].length - 1;
    const close = masked[open] === '(' ? ')' : '}';
    let depth = 0;
    let j = open;
    for (; j < masked.length; j++) {
      const ch = masked[j];
      if (ch === masked[open]) depth++;
      else if (ch === close && --depth === 0) break;
    }
    ranges.push([open, j]);
  }
  // errors[...] = ..., w.errors[...] = ..., header_errors[...], taken[...], e["field"] = ... (the roster's
  // per-row map).
  const assign = /\b(?:\w+\.)?(?:\w*errors|taken|e)\s*\[[^\]\n]*\]\s*=(?!=)/g;
  for (let m; (m = assign.exec(masked)); ) {
    const end = masked.indexOf(';', m.index);
    ranges.push([m.index + m[0].length, end < 0 ? masked.length : end]);
  }
  // Validators that return their message (`return "Must be text.";`) have no such context: the
  // sentence-shape rule finds those.
  return ranges;
}

export function messagesInSource(file: string, src: string): SourceMessage[] {
  const { masked, literals } = lexCpp(src);
  const ranges = contextRanges(masked);
  const out: SourceMessage[] = [];
  for (const m of masked.matchAll(CHAIN)) {
    const parts = chainParts(m[0], literals);
    const template = render(parts);
    const reasons: SourceMessage['reasons'] = [];
    if (sentenceShaped(template)) reasons.push('shape');
    const start = m.index;
    if (!identifierLike(template) && ranges.some(([a, b]) => start >= a && start < b) && !/[\u0E00-\u0E7F]/.test(template))
      reasons.push('context');
    if (!reasons.length) continue;
    const line = masked.slice(0, start).split('\n').length;
    out.push({ file, line, template, parts, reasons });
  }
  return out;
}

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : /\.(cpp|hpp)$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

/** Every message the server sources can put in an error envelope. */
export function serverSourceMessages(serverSrc: string): SourceMessage[] {
  return walk(serverSrc)
    .map((f) => path.relative(serverSrc, f).split(path.sep).join('/'))
    .filter((rel) => !NOT_API_FILES.includes(rel))
    .sort()
    .flatMap((rel) => messagesInSource(rel, fs.readFileSync(path.join(serverSrc, rel), 'utf8')));
}
