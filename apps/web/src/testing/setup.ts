import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { contractViolations, resetApi, server } from './api-handlers';

// Layout APIs jsdom does not implement (it has no layout engine); Radix measures and captures
// pointers with them. Inert versions are enough: tests assert behaviour, not geometry.
class InertResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= InertResizeObserver as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// findBy… and waitFor wait up to 4 s (1 s by default): a part loaded on demand (the villa dialog's
// chunk) takes longer than a second to import on two busy cores, where it is still correct.
configure({ asyncUtilTimeout: 4000 });

// HTTP is answered by the typed handlers of api-handlers.ts; a request none answers is refused and
// reported with console.error, which fails the test.
beforeAll(() => server.listen());
afterAll(() => server.close());

// Any console.error fails the test: an error the app logs is a defect, even when the screen looks right.
let errors: unknown[][] = [];
beforeEach(() => {
  resetApi();
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  // sonner keeps toasts in a module-level store; without this they reappear in the next test.
  toast.dismiss();
  cleanup();
  vi.restoreAllMocks();
  const broken = contractViolations();
  if (broken) throw new Error(broken);
  if (errors.length) throw new Error(`console.error was called: ${String(errors[0]?.[0])}`);
});
