// An error as the staff app says it: the area's own text for the codes it knows, the network's text, else
// the server's (localised) message (its first field's, where the area's forms say so), else the area's
// generic text. One rule for every area; an area names only its texts.
import type { TFunction } from 'i18next';
import { ApiError } from './api';

export interface ErrorTexts {
  /** The i18n key when nothing better is known. */
  generic: string;
  /** The area's own i18n key for a code, when it has one. */
  ownKey?: (code: string | undefined) => string | null | undefined;
  /** A field's message comes before the general one (forms whose server checks are per field). */
  fieldFirst?: boolean;
  /**
   * An action that needs the server (redeem, vote, RSVP) says what was not sent when the connection is down,
   * instead of the generic network text (issue 30). Its call passes `toastOnNetworkError: false` so this is
   * said once.
   */
  offline?: string;
}

export function errorText(t: TFunction, error: unknown, { generic, ownKey, fieldFirst = false, offline }: ErrorTexts): string {
  if (!(error instanceof ApiError)) return t(generic);
  const own = ownKey?.(error.code);
  if (own) return t(own);
  if (error.isNetwork) return t(offline ?? 'toast.network');
  return (fieldFirst && Object.values(error.fields)[0]) || error.message || t(generic);
}
