import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from './popover';

/** A panel opened from its trigger, with a control inside that removes the trigger (as a card's action does). */
function Panel() {
  const [shown, setShown] = useState(true);
  return (
    <div>
      {shown && (
        <Popover>
          <PopoverTrigger>Filters</PopoverTrigger>
          <PopoverContent aria-label="Filters panel">
            <PopoverClose>Done</PopoverClose>
            <button type="button" onClick={() => setShown(false)}>
              Remove filters
            </button>
          </PopoverContent>
        </Popover>
      )}
      <button type="button">Search</button>
    </div>
  );
}

/** A panel opened by state from a button that is not its trigger. */
function OpenedByState() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Show notes
      </button>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverContent aria-label="Notes">
          <p>Arrival after 4 pm.</p>
          <PopoverClose>Close notes</PopoverClose>
        </PopoverContent>
      </Popover>
    </>
  );
}

describe('PopoverContent focus return', () => {
  it('gives focus back to its trigger after Escape and after a close control', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Panel />);
    const trigger = screen.getByRole('button', { name: 'Filters' });
    await user.click(trigger);
    expect(await screen.findByRole('dialog', { name: 'Filters panel' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(trigger).toHaveFocus());

    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('gives focus back to a button that opened it by state, not to the page', async () => {
    const user = userEvent.setup({ delay: null });
    render(<OpenedByState />);
    const opener = screen.getByRole('button', { name: 'Show notes' });
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Notes' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('moves focus to the next control when its trigger is gone', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Panel />);
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.click(await screen.findByRole('button', { name: 'Remove filters' }));
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus());
  });
});
