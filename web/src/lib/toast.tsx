// One way to show a toast: top-right, closes after 3 s (SPEC §2). react-toastify and its stylesheet are a
// chunk of their own (toastContainer.tsx), not part of the first screen (issue 29): the container mounts once
// the browser is idle after the first screen, or at the first toast, whichever comes first. A toast asked for
// before the container is up waits in react-toastify's own queue and shows when it mounts.
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from './idle';

const loadToastify = () => import('./toastContainer');
// A chunk that cannot be fetched (offline before the service worker has it) leaves no toasts, not a broken app.
const ToastContainer = lazy<ComponentType>(() => loadToastify().catch(() => ({ default: () => null })));

// Set by the first toast: the container mounts at once rather than at idle.
let wanted = false;
const onWanted = new Set<() => void>();

type Kind = 'success' | 'error' | 'info';
function show(kind: Kind, message: string, id?: string) {
  if (!wanted) {
    wanted = true;
    for (const f of onWanted) f();
  }
  loadToastify().then(
    (m) => m.showToast(kind, message, id),
    () => undefined,
  );
}

export const notify = {
  success: (message: string, id?: string) => show('success', message, id),
  error: (message: string, id?: string) => show('error', message, id),
  info: (message: string, id?: string) => show('info', message, id),
};

export function Toaster() {
  const [mounted, setMounted] = useState(wanted);
  useEffect(() => {
    if (mounted) return;
    const mount = () => setMounted(true);
    onWanted.add(mount);
    const cancel = whenIdle(mount);
    return () => {
      onWanted.delete(mount);
      cancel();
    };
  }, [mounted]);
  return mounted ? (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  ) : null;
}
