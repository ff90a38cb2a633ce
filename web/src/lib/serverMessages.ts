// The server writes its error envelope in English (`message` and each `fields` value). This is the one
// place that knows those messages: each maps to an i18n key under `serverMsg` (i18n/server.{th,en}.json,
// loaded by the user app and the back office alike) plus the values it carries. toApiError() runs every
// message through localizeServerMessage(), so callers get text in the UI language.
//
// - Fixed messages are the values of `serverMsg.exact` in the English catalog: that catalog restates the
//   server word for word, so the English text itself is the lookup key (no second list to keep in step).
// - Messages built by concatenation (`"Must be at most " + n + " characters."`) match a pattern below.
// A message we don't know is left as the server sent it. serverMessages.coverage.test.ts reads server/src
// and fails when the server gains a message that has no translation here.
import i18n from '../i18n';
import serverEn from '../i18n/server.en.json';

export interface ServerMessageKey {
  key: string;
  values?: Record<string, string | number>;
}

const EXACT = new Map<string, string>(
  Object.entries(serverEn.serverMsg.exact).map(([k, english]) => [english, `serverMsg.exact.${k}`]),
);

const num = (s: string | undefined) => Number(s);
const P = (k: keyof typeof serverEn.serverMsg.pattern) => `serverMsg.pattern.${k}`;

interface Pattern {
  re: RegExp;
  key: string;
  values: (m: RegExpMatchArray, lng: string) => Record<string, string | number>;
}

// Order matters only where two could match; the more specific comes first.
const PATTERNS: Pattern[] = [
  { re: /^Must be at least (\d+) characters\.?$/, key: P('minLength'), values: (m) => ({ count: num(m[1]) }) },
  { re: /^Must be at most (\d+) characters\.?$/, key: P('maxLength'), values: (m) => ({ count: num(m[1]) }) },
  { re: /^Must be at most (\d+) bytes\.$/, key: P('maxBytes'), values: (m) => ({ count: num(m[1]) }) },
  { re: /^Must be at least (-?\d+)\.$/, key: P('min'), values: (m) => ({ value: num(m[1]) }) },
  { re: /^Must be at most (-?\d+)\.$/, key: P('max'), values: (m) => ({ value: num(m[1]) }) },
  { re: /^Must be between (-?\d+) and (-?\d+)\.$/, key: P('between'), values: (m) => ({ min: num(m[1]), max: num(m[2]) }) },
  { re: /^Required: a whole number from (-?\d+) to (-?\d+)\.$/, key: P('wholeFromTo'), values: (m) => ({ min: num(m[1]), max: num(m[2]) }) },
  { re: /^Must be one of: (.+)\.$/, key: P('oneOf'), values: (m) => ({ list: m[1]! }) },
  { re: /^Needs at least (\d+) items\.$/, key: P('minItems'), values: (m) => ({ count: num(m[1]) }) },
  { re: /^At most (\d+) items\.$/, key: P('maxItems'), values: (m) => ({ count: num(m[1]) }) },
  { re: /^At most (\d+) events per batch\.$/, key: P('maxEvents'), values: (m) => ({ count: num(m[1]) }) },
  { re: /^No such (.+)\.$/, key: P('noSuch'), values: (m) => ({ label: m[1]! }) },
  {
    re: /^Something went wrong on our side\. Quote request id (\S+) if you contact support\.$/,
    key: P('internal'),
    values: (m) => ({ id: m[1]! }),
  },
  { re: /^Stale: the current version is (\d+)\.$/, key: P('staleVersion'), values: (m) => ({ version: num(m[1]) }) },
  { re: /^The balance cannot go below zero \(it is (-?\d+)\)\.$/, key: P('balanceBelowZero'), values: (m) => ({ balance: num(m[1]) }) },
  {
    re: /^The file's content is (.+), not the declared (.+)\.$/,
    key: P('contentMismatch'),
    values: (m) => ({ actual: m[1]!, declared: m[2]! }),
  },
  { re: /^An image may be at most (\d+) MiB\.$/, key: P('imageTooLarge'), values: (m) => ({ size: num(m[1]) }) },
  { re: /^A video may be at most (\d+) MiB\.$/, key: P('videoTooLarge'), values: (m) => ({ size: num(m[1]) }) },
  { re: /^A pdf may be at most (\d+) MiB\.$/i, key: P('pdfTooLarge'), values: (m) => ({ size: num(m[1]) }) },
  { re: /^An? (.+) may be at most (\d+) MiB\.$/, key: P('fileTooLarge'), values: (m) => ({ kind: m[1]!, size: num(m[2]) }) },
  // A roster line's message is itself a server message (a CSV parse error): translate it too.
  { re: /^Line (\d+): (.+)$/s, key: P('line'), values: (m, lng) => ({ line: num(m[1]), message: localizeServerMessage(m[2]!, lng) }) },
  { re: /^Duplicate email \(also on line (\d+)\)\.$/, key: P('duplicateEmail'), values: (m) => ({ line: num(m[1]) }) },
  { re: /^Duplicate employee code \(also on line (\d+)\)\.$/, key: P('duplicateEmployeeCode'), values: (m) => ({ line: num(m[1]) }) },
  {
    re: /^Unknown column "(.*)" in the header\. Expected: employee_code,name,email,phone,store_code,position,role\.$/,
    key: P('unknownColumn'),
    values: (m) => ({ column: m[1]! }),
  },
  { re: /^Column "(.*)" appears twice in the header\.$/, key: P('duplicateColumn'), values: (m) => ({ column: m[1]! }) },
  { re: /^The header row must name the column "(.*)"\.$/, key: P('missingColumn'), values: (m) => ({ column: m[1]! }) },
  { re: /^(\d+) rows have errors\.$/, key: P('rowsHaveErrors'), values: (m) => ({ count: num(m[1]) }) },
  { re: /^Unknown audience kind "(.*)"\.$/, key: P('unknownAudienceKind'), values: (m) => ({ kind: m[1]! }) },
  { re: /^(\w+) must be a list\.$/, key: P('audienceList'), values: (m) => ({ kind: m[1]! }) },
  { re: /^(\w+) must be a list of texts\.$/, key: P('audienceTexts'), values: (m) => ({ kind: m[1]! }) },
];

/**
 * The i18n key (and values) for one of the server's English messages, or undefined when we don't know it
 * (including text that is already translated: a Thai message passes through unchanged). `lng` only matters
 * for a message that embeds another (a roster line's CSV error).
 */
export function serverMessageKey(message: string, lng: string = i18n.language): ServerMessageKey | undefined {
  const exact = EXACT.get(message) ?? EXACT.get(`${message}.`) ?? (/^required\.?$/i.test(message) ? EXACT.get('Required.') : undefined);
  if (exact) return { key: exact };
  for (const p of PATTERNS) {
    const m = message.match(p.re);
    if (m) return { key: p.key, values: p.values(m, lng) };
  }
  return undefined;
}

/** The server's message in `lng` (default: the UI language); unknown messages come back as sent. */
export function localizeServerMessage(message: string, lng: string = i18n.language): string {
  const k = serverMessageKey(message, lng);
  if (!k) return message;
  const out = i18n.t(k.key, { ...k.values, lng });
  // A key missing from the loaded catalogs comes back as the key itself: keep the server's words then.
  return out === k.key ? message : out;
}

/** Every value of a field-error map, localised. */
export function localizeServerFields(fields: Record<string, string>, lng: string = i18n.language): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, m]) => [name, localizeServerMessage(m, lng)]));
}
