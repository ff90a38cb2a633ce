// Pure bits of ads, light enough for the main chunk (the gate and Home's banner): the API's shapes, where an
// app open goes when an interstitial is due, and which pages may be interrupted.
import { safeCallbackUrl } from '../../lib/callbackUrl';
import type { MediaSummary } from '../../lib/media';

export interface Ad {
  id: string;
  kind: 'banner' | 'interstitial';
  title: string;
  link: string | null;
  image: MediaSummary;
}

/** GET /api/ads: Home's banners and the one interstitial due now. */
export interface AdsNow {
  banners: Ad[];
  interstitial: Ad | null;
}

export const adsKey = ['ads'] as const;

/** Seconds before the interstitial's close button works. */
export const CLOSE_AFTER_SECONDS = 5;

/** The interstitial's page, keeping where the person was going (an in-app path only). */
export function interstitialPath(id: string, next: string): string {
  return `/ads/${encodeURIComponent(id)}?${new URLSearchParams({ next: safeCallbackUrl(next) })}`;
}

/** Where to go after the interstitial: the kept path when it is a same-origin path, else Home. */
export function nextPath(raw: string | null | undefined): string {
  const next = safeCallbackUrl(raw);
  return next.startsWith('/ads') ? '/main' : next;
}
