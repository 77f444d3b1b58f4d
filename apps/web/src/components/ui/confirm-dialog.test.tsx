import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

/** A list whose rows each delete after a confirmation, as the admin lists do. */
function Rows({ failFirst = false }: { failFirst?: boolean }) {
  const [rows, setRows] = useState(['Tuscany', 'Provence', 'Engadin']);
  return (
    <ul>
      {rows.map((name) => (
        <li key={name}>
          <span>{name}</span>
          <ConfirmDialog
            trigger={<button type="button">Delete {name}</button>}
            title={`Delete ${name}?`}
            description="Its destinations are deleted too."
            confirmLabel="Delete"
            pendingLabel="Deleting…"
            onConfirm={async () => {
              if (failFirst) return false;
              setRows((r) => r.filter((x) => x !== name));
              return true;
            }}
          />
        </li>
      ))}
    </ul>
  );
}

describe('ConfirmDialog focus return', () => {
  it('goes on to the next row when the deleted row took its button with it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Rows />);
    await user.click(screen.getByRole('button', { name: 'Delete Provence' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Provence')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete Engadin' })).toHaveFocus());
  });

  it('gives focus back to the opener when nothing was deleted', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Rows />);
    const opener = screen.getByRole('button', { name: 'Delete Tuscany' });
    await user.click(opener);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
