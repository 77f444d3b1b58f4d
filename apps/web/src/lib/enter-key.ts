import type { KeyboardEvent } from 'react';

/**
 * A keydown handler for a field that adds an item inside a larger form: Enter runs `action` instead
 * of submitting the whole form.
 */
export const enterRuns =
  (action: () => void) =>
  (e: KeyboardEvent): void => {
    if (e.key === 'Enter') {
      e.preventDefault();
      action();
    }
  };
