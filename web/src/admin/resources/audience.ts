// The audience of a learning item (docs/LEARNING.md "Audience"): pure helpers, cheap to unit test.
export interface Audience {
  stores?: string[];
  regions?: string[];
  positions?: string[];
  groups?: string[];
  subgroups?: string[];
}

export const AUDIENCE_KINDS = ['stores', 'regions', 'positions', 'groups', 'subgroups'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

/** The resource whose items a kind lists (positions are free tags). */
export const AUDIENCE_RESOURCE: Record<AudienceKind, string | null> = {
  stores: 'stores',
  regions: 'regions',
  positions: null,
  groups: 'groups',
  subgroups: 'subgroups',
};

/** Accepts the API value (object, JSON text or null) and returns every kind as a list. */
export function parseAudience(value: unknown): Required<Audience> {
  let v: unknown = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      v = null;
    }
  }
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  const list = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string' && s.trim() !== '') : []);
  return { stores: list(o.stores), regions: list(o.regions), positions: list(o.positions), groups: list(o.groups), subgroups: list(o.subgroups) };
}

export const isEveryone = (value: unknown): boolean => AUDIENCE_KINDS.every((k) => parseAudience(value)[k].length === 0);

/** What the API stores: only the kinds that have values; null for everyone. */
export function normaliseAudience(value: unknown): Audience | null {
  const a = parseAudience(value);
  const out: Audience = {};
  for (const k of AUDIENCE_KINDS) {
    const uniq = [...new Set(a[k].map((s) => s.trim()))];
    if (uniq.length) out[k] = uniq;
  }
  return Object.keys(out).length ? out : null;
}

/**
 * A short summary for lists: "everyone", or per kind "2 stores" / the value itself when there is one
 * (names resolved by `nameOf` when known). `t` is the translator (keys `audiencePicker.*`).
 */
export function audienceSummary(
  value: unknown,
  t: (key: string, values?: Record<string, unknown>) => string,
  nameOf: (kind: AudienceKind, id: string) => string | undefined = () => undefined,
): string {
  const a = parseAudience(value);
  const parts: string[] = [];
  for (const k of AUDIENCE_KINDS) {
    const ids = a[k];
    if (!ids.length) continue;
    if (ids.length === 1) parts.push(`${t(`audiencePicker.one.${k}`)} ${nameOf(k, ids[0] ?? "") ?? (k === "positions" ? ids[0] : t("audiencePicker.oneItem"))}`);
    else parts.push(t(`audiencePicker.count.${k}`, { count: ids.length }));
  }
  return parts.length ? parts.join(' · ') : t('audiencePicker.everyone');
}
