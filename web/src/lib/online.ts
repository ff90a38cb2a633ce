// Whether the browser says it has a connection, as a React value that follows the online/offline events.
// navigator.onLine is only a hint ("online" may still fail), so callers also treat a network error as offline.
import { useSyncExternalStore } from 'react';

function subscribe(changed: () => void): () => void {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
}

const current = () => navigator.onLine !== false;

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, current, () => true);
}
