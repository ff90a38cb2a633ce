// Every English message the C++ server can put in its error envelope has a Thai translation. The messages
// are read from server/src (serverSourceMessages.ts): each literal assigned into an errors map or passed to
// an ApiError factory, plus every sentence-shaped literal anywhere in the API code; concatenations are
// checked with sample values spliced in. Adding a message on the server without adding it to
// i18n/server.{th,en}.json (and, if it is built by concatenation, a pattern in serverMessages.ts) fails here.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import serverEn from '../i18n/server.en.json';
import { localizeServerMessage, serverMessageKey } from './serverMessages';
import { messagesInSource, serverSourceMessages, type SourceMessage } from './serverSourceMessages';

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../server/src');

const THAI = /[\u0E00-\u0E7F]/;

/** Concatenations whose spliced expressions need a hand-picked sample to read like the real thing. */
const SAMPLES: Record<string, string[]> = {
  // media.cpp: "A" + (kind == "image" ? "n image" : " " + kind) + " may be at most " + human_size(...) + "."
  'A{std::string(type->kind == "image" ? "n image" : " " + type->kind)} may be at most {human_size(size_limit(type->kind))}.': [
    'An image may be at most 10 MiB.',
    'A video may be at most 500 MiB.',
    'A pdf may be at most 50 MiB.',
  ],
};

/** A stand-in for one spliced expression. */
function sampleFor(expr: string): string {
  if (/what\(\)/.test(expr)) return 'A quoted cell is not closed.'; // a CSV parse error, itself translated
  if (/to_string/.test(expr)) return '12';
  if (/request_id/.test(expr)) return '0193a5b2-7c1d-7e2f-8a9b-0c1d2e3f4a5b';
  if (/mime|declared/.test(expr)) return 'image/png';
  return 'stores';
}

function samples(m: SourceMessage): string[] {
  const template = m.parts.map((p) => (typeof p === 'string' ? p : `{${p.expr}}`)).join('');
  return SAMPLES[template] ?? [m.parts.map((p) => (typeof p === 'string' ? p : sampleFor(p.expr))).join('')];
}

/** The messages of `found` that don't translate: no mapping, no Thai, or English that isn't the server's. */
function untranslated(found: SourceMessage[]): string[] {
  const bad: string[] = [];
  for (const m of found)
    for (const s of samples(m)) {
      const th = localizeServerMessage(s, 'th');
      const en = localizeServerMessage(s, 'en');
      if (!serverMessageKey(s, 'th') || !THAI.test(th) || en !== s) bad.push(`${m.file}:${m.line} ${JSON.stringify(s)} → th ${JSON.stringify(th)}, en ${JSON.stringify(en)}`);
    }
  return bad;
}

const found = serverSourceMessages(serverSrc);

describe('server message coverage', () => {
  it('finds the server’s messages (the extraction still works)', () => {
    const templates = new Set(found.map((m) => m.parts.map((p) => (typeof p === 'string' ? p : '{}')).join('')));
    expect(templates.size).toBeGreaterThan(150);
    for (const t of [
      'Required.', // errors[...] = "Required." and fail("Required.")
      'Sign in to continue.', // api_error.hpp factory default
      'Must be at most {} characters.', // concatenation
      'The header row must name the column "{}".', // std::string("...") + needed + "\"."
      'Line {}: {}', // no full stop: found by its context (ApiError::validation)
      'Unknown audience kind "{}".', // a validator's return value
    ])
      expect(templates, t).toContain(t);
  });

  it('has a Thai translation for every message the server sends', () => {
    expect(untranslated(found)).toEqual([]);
  });

  it('keeps no translation for a fixed message the server no longer sends', () => {
    const sent = new Set(found.flatMap(samples));
    const stale = Object.entries(serverEn.serverMsg.exact).filter(([, english]) => !sent.has(english));
    expect(stale).toEqual([]);
  });

  it('flags a new untranslated message, in an errors map, an ApiError factory, or as a sentence', () => {
    const cpp = [
      'void check(std::map<std::string, std::string>& errors) {',
      '  errors["shelf"] = "Must be a shelf.";',
      '  if (x) throw ApiError::conflict("The shelf is full");',
      '  w.errors["bay"] = "Bay " + std::to_string(n) + " is closed.";',
      '  return "Must be a planogram.";',
      '  log("SELECT 1 FROM shelves");',
      '}',
    ].join('\n');
    const fresh = messagesInSource('shelves.cpp', cpp);
    expect(fresh.map((m) => m.parts.map((p) => (typeof p === 'string' ? p : '{}')).join(''))).toEqual([
      'Must be a shelf.',
      'The shelf is full',
      'Bay {} is closed.',
      'Must be a planogram.',
    ]);
    expect(untranslated(fresh)).toHaveLength(4);
    // …while known ones in the same shapes pass.
    expect(untranslated(messagesInSource('ok.cpp', 'errors["n"] = "Must be at most " + std::to_string(m) + " characters.";'))).toEqual([]);
  });
});
