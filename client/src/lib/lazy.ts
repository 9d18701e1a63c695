// Parts of the page that are not needed for the first paint (toasts, footer, menus, the loading overlay) load as
// chunks of their own (decision 063). Each is fetched when first rendered, or earlier when the browser is idle after
// the page has loaded, so it is there before anyone opens it.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loader<P> = () => Promise<ComponentType<P>>;

const idleLoaders: (() => Promise<unknown>)[] = [];
let idleScheduled = false;

function runWhenIdle() {
  const start = () => {
    const run = () => {
      for (const load of idleLoaders.splice(0)) void load().catch(() => undefined);
    };
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
    else setTimeout(run, 200);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** A component from a module fetched on first render or once the page is idle, whichever comes first. */
export function lazyComponent<P>(load: Loader<P>): LazyExoticComponent<ComponentType<P>> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const fetchOnce = () => (loading ??= load().then((component) => ({ default: component })));
  if (typeof window !== 'undefined') {
    idleLoaders.push(fetchOnce);
    if (!idleScheduled) {
      idleScheduled = true;
      runWhenIdle();
    }
  }
  return lazy(fetchOnce);
}
