// Work that waits for the browser to be idle after the first screen, so it adds nothing before it: at most 4 s
// later; 2 s later where the browser has no requestIdleCallback (Safari). Returns what cancels it.
export function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(run, 2000);
    return () => window.clearTimeout(timer);
  }
  const id = window.requestIdleCallback(run, { timeout: 4000 });
  return () => window.cancelIdleCallback(id);
}
