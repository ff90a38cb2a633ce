// A component's ear on the realtime socket without loading the realtime client up front: the client is its
// own chunk (app/Telemetry.tsx opens the socket), imported here on first use. Used by the notification bell,
// the messages' count and live quizzes.
import { useEffect } from 'react';
import type { MessageListener } from './presence';

/** Gives every socket message to `listener` while mounted and `enabled`. A new listener subscribes anew:
 *  give a stable one (useCallback). */
export function useSocketMessages(listener: MessageListener, enabled = true) {
  useEffect(() => {
    if (!enabled) return;
    let off: (() => void) | undefined;
    let live = true;
    import('./presence')
      .then(({ presence }) => {
        if (live) off = presence.onMessage(listener);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      off?.();
    };
  }, [listener, enabled]);
}
