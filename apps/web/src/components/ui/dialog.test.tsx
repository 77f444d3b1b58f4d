import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ImageGallery } from '../gallery/image-gallery';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog';
import { Input } from './input';
import { notify, Toaster, TOAST_BAND_PX, TOAST_OFFSET_PX } from './toaster';

/** A dialog opened by state from a button, as the property cards and link lists do. */
function OpenedByState({
  autoFocusField,
  returnFocus,
}: {
  autoFocusField?: boolean;
  returnFocus?: () => HTMLElement | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        View details
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Villa Aurora" returnFocus={returnFocus}>
          <label htmlFor="name">Full name</label>
          <Input id="name" autoFocus={autoFocusField} />
          <DialogClose asChild>
            <button type="button">Cancel</button>
          </DialogClose>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('DialogContent focus return', () => {
  it('gives focus back to the button that opened it by state, after Escape and after Close', async () => {
    const user = userEvent.setup({ delay: null });
    render(<OpenedByState />);
    const opener = screen.getByRole('button', { name: 'View details' });

    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Villa Aurora' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('remembers the opener even when a field inside takes focus at once (autoFocus)', async () => {
    const user = userEvent.setup({ delay: null });
    render(<OpenedByState autoFocusField />);
    const opener = screen.getByRole('button', { name: 'View details' });
    opener.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('sends focus where returnFocus says, when it names an element', async () => {
    function WithTarget() {
      const target = useRef<HTMLHeadingElement>(null);
      return (
        <>
          <h2 ref={target} tabIndex={-1}>
            Your links
          </h2>
          <OpenedByState returnFocus={() => target.current} />
        </>
      );
    }
    const user = userEvent.setup({ delay: null });
    render(<WithTarget />);
    await user.click(screen.getByRole('button', { name: 'View details' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your links' })).toHaveFocus());
  });

  it('still returns to a DialogTrigger', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <Dialog>
        <DialogTrigger asChild>
          <button type="button">Open</button>
        </DialogTrigger>
        <DialogContent title="Triggered">
          <p>Body</p>
        </DialogContent>
      </Dialog>,
    );
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus());
  });

  it('gives focus back through a lightbox opened inside the dialog, then to the dialog opener', async () => {
    function DetailWithGallery() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            View details of Villa Aurora
          </button>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogContent title="Villa Aurora" wide>
              <ImageGallery images={['/a.jpg', '/b.jpg', '/c.jpg']} alt="Villa Aurora" />
            </DialogContent>
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup({ delay: null });
    render(<DetailWithGallery />);
    const opener = screen.getByRole('button', { name: 'View details of Villa Aurora' });
    await user.click(opener);
    const detail = await screen.findByRole('dialog', { name: 'Villa Aurora' });
    const viewAll = within(detail).getByRole('button', { name: 'View all 3 photos' });
    await user.click(viewAll);
    expect(await screen.findByRole('dialog', { name: 'Villa Aurora: photo gallery' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(viewAll).toHaveFocus());
    expect(screen.getByRole('dialog', { name: 'Villa Aurora' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('toasts and open dialogs', () => {
  it('goes on to the next control where the opener was when the action removed the opener', async () => {
    // As on an inquiry card: 'Place hold' opens the dialog, and the hold placed replaces the button.
    function Card() {
      const [open, setOpen] = useState(false);
      const [held, setHeld] = useState(false);
      return (
        <>
          <a href="#top">Top of the page</a>
          <article aria-label="Request of Camille Laurent">
            <button type="button">Reply</button>
            {held ? <p>Held until Friday</p> : <button onClick={() => setOpen(true)}>Place hold</button>}
            <button type="button">Mark as contacted</button>
          </article>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogContent title="Place a hold">
              <button
                type="button"
                onClick={() => {
                  setHeld(true);
                  setOpen(false);
                }}
              >
                Hold these nights
              </button>
            </DialogContent>
          </Dialog>
        </>
      );
    }
    const user = userEvent.setup({ delay: null });
    render(<Card />);
    await user.click(screen.getByRole('button', { name: 'Place hold' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Hold these nights' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Not the body, not the top of the page: the card's next control.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark as contacted' })).toHaveFocus());
  });

  it('shows toasts at the top centre, in a band every dialog stays below', async () => {
    const user = userEvent.setup({ delay: null });
    render(
      <>
        <OpenedByState />
        <Toaster />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'View details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Villa Aurora' });
    notify.error('Missing Information', 'Please provide both agent name and company name');
    await screen.findByText('Missing Information');

    const toaster = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    expect(toaster).toHaveAttribute('data-y-position', 'top');
    expect(toaster).toHaveAttribute('data-x-position', 'center');
    expect(toaster.style.getPropertyValue('--offset-top')).toBe(`${TOAST_OFFSET_PX}px`);
    expect(toaster.style.getPropertyValue('--mobile-offset-top')).toBe(`${TOAST_OFFSET_PX}px`);

    // jsdom has no layout: check the frame instead. The dialog sits in the middle row of a grid whose
    // first row is at least the band, and is never taller than what is left below it.
    const frame = dialog.parentElement!;
    expect(frame.style.gridTemplateRows).toBe(`minmax(${TOAST_BAND_PX}px, 1fr) auto minmax(0.75rem, 1fr)`);
    expect(dialog).toHaveClass('row-start-2');
    expect(dialog.style.maxHeight).toBe(`calc(100dvh - ${TOAST_BAND_PX}px - 0.75rem)`);
    // The band holds the offset and a toast with a title and a three-line description (13 px type,
    // 16 px padding: 2 + 32 + 19.5 + 3 × 18.2 ≈ 108 px).
    expect(TOAST_BAND_PX).toBeGreaterThanOrEqual(TOAST_OFFSET_PX + 108);
  });
});
