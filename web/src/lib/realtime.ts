// Listening to the realtime socket from a component without loading its client up front: the client
// (./presence) is its own chunk and app/Telemetry.tsx opens the socket; a listener subscribes once it is
// loaded and leaves when unmounted.
import { useEffect } from 'react';
import type { RealtimeMessage } from './presence';

/** Calls `onMessage` for every realtime message while mounted and `enabled` (keep `onMessage` stable). */
export function useRealtime(enabled: boolean, onMessage: (m: RealtimeMessage) => void) {
  useEffect(() => {
    if (!enabled) return;
    let off: (() => void) | undefined;
    let live = true;
    import('./presence')
      .then(({ presence }) => {
        if (!live) return;
        off = presence.onMessage(onMessage);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      off?.();
    };
  }, [enabled, onMessage]);
}
