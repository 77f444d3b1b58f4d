import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';

// Any console.error fails the test (STYLE: web integration tests).
let errors: unknown[][] = [];
beforeEach(() => {
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
  if (errors.length) throw new Error(`console.error was called: ${String(errors[0]?.[0])}`);
});
