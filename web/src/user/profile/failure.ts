// A failed edit of one's own profile, as a toast: the server's (localised) reason when it gave one, else the
// edit's own text (a network failure included: "couldn't save the photo", not the generic network line).
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';

export function notifyEditFailed(t: TFunction, error: unknown, fallbackKey: string) {
  notify.error(error instanceof ApiError && !error.isNetwork ? error.message : t(fallbackKey));
}
