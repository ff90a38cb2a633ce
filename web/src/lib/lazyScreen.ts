// A lazy screen that draws at once when its chunk is already in (issue 29). React.lazy suspends on its first
// render even when the module has arrived, and React then holds a revealed boundary back until ~300 ms after
// its fallback showed (its throttle on Suspense reveals): the Stories tab's feed painted that much after its
// chunk and data were there. `preload()` loads the chunk; once it has, the screen renders the component itself
// and never suspends. main.tsx awaits the address's screen before the app's first render (app/App.tsx
// preloadFirstScreen); the chunk is on its way already (the server's modulepreload), so that costs no time.
import { createElement, lazy, type ComponentType } from 'react';

export type LazyScreen<P extends object> = ComponentType<P> & { preload: () => Promise<unknown> };

export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = null; // a later preload() tries again
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Screen = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Screen, { preload });
}
