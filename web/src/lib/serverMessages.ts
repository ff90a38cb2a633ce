// The server sends every message of its error envelope with a stable code and the values it carries
// (server/src/http/messages.hpp), next to the same text in English:
//   {"message": "Some fields are not valid.", "messageCode": {"code": "FIELDS_NOT_VALID", "params": {}},
//    "fields": {"title": "Must be at most 200 characters."},
//    "fieldCodes": {"title": {"code": "MAX_LENGTH", "params": {"count": 200}}}}
// This is the one place that turns a code into the UI language, from the th/en catalogs
// (i18n/server.{th,en}.json, `serverCode.<CODE>`, loaded by the user app and the back office alike). A code
// the catalogs don't know (a newer server) keeps the server's English. The server's unit test
// (tests/unit/messages_test.cpp) proves every code it can send has both texts and no stale one is kept.
import i18n from '../i18n';

export interface ServerCode {
  code: string;
  params?: Record<string, unknown>;
}

export function isServerCode(v: unknown): v is ServerCode {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'string';
}

/** The message `c` in `lng` (default: the UI language); `english` when there is no code or it is unknown. */
export function localizeCode(c: unknown, english: string, lng: string = i18n.language): string {
  if (!isServerCode(c)) return english;
  const key = `serverCode.${c.code}`;
  if (!i18n.exists(key, { lng })) return english;
  // A value may be a message itself (the CSV error on one line of a roster): translate it too.
  const values = Object.fromEntries(
    Object.entries(c.params ?? {}).map(([k, v]) => [k, isServerCode(v) ? localizeCode(v, v.code, lng) : v]),
  );
  return i18n.t(key, { ...values, lng });
}

/** A field-error map in `lng`: each field's code translated, else its English as sent. */
export function localizeFields(fields: Record<string, string>, codes: unknown, lng: string = i18n.language): Record<string, string> {
  const byField = typeof codes === 'object' && codes !== null ? (codes as Record<string, unknown>) : {};
  return Object.fromEntries(Object.entries(fields).map(([name, english]) => [name, localizeCode(byField[name], english, lng)]));
}
