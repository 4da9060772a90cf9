import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The machine is shared: screens may take seconds to settle, so waits and tests get room to finish.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no CSS.escape; React Aria's collections (menus, listboxes, tabs) use it to find an item by key.
if (typeof globalThis.CSS?.escape !== 'function') {
  const escapeIdent = (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`);
  Object.assign(globalThis, { CSS: { ...globalThis.CSS, escape: escapeIdent } });
}
vi.setConfig({ testTimeout: 30_000 });

// uPlot draws on a canvas, which jsdom lacks: every screen test charts through a double (see uplot-double.ts).
vi.mock('uplot', () => import('./uplot-double'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
