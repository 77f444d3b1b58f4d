import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ImageCarousel } from './image-carousel';
import { ImageGallery } from './image-gallery';

const images = ['/a.jpg', '/b.jpg', '/c.jpg'];

describe('ImageCarousel', () => {
  it('steps through images with wrap-around and never bubbles clicks to a parent', async () => {
    const user = userEvent.setup({ delay: null });
    const parentClick = vi.fn();
    render(
      <div onClick={parentClick}>
        <ImageCarousel images={images} alt="Villa Aurora" />
      </div>,
    );
    expect(screen.getByRole('img')).toHaveAttribute('alt', 'Villa Aurora, image 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByRole('img')).toHaveAttribute('src', '/c.jpg');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByRole('img')).toHaveAttribute('alt', 'Villa Aurora, image 2 of 3');
    expect(parentClick).not.toHaveBeenCalled();
  });

  it('shows a placeholder and no controls without images', () => {
    render(<ImageCarousel images={[]} alt="Villa Aurora" />);
    expect(screen.getByText('Imagery on request')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('has no arrows for a single image', () => {
    render(<ImageCarousel images={['/a.jpg']} alt="Villa Aurora" />);
    expect(screen.getByRole('img')).toHaveAttribute('alt', 'Villa Aurora');
    expect(screen.queryByRole('button', { name: 'Next image' })).not.toBeInTheDocument();
  });
});

describe('ImageGallery lightbox', () => {
  it('opens full screen on the current image, navigates with arrow keys and closes with Escape', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ImageGallery images={images} alt="Villa Aurora" />);
    await user.click(screen.getByRole('button', { name: 'Show image 2 of 3' }));
    await user.click(screen.getByRole('button', { name: 'View all 3 photos' }));

    const dialog = await screen.findByRole('dialog', { name: 'Villa Aurora: photo gallery' });
    const shown = () => within(dialog).getByRole('img', { name: /^Villa Aurora, image/ });
    expect(shown()).toHaveAttribute('src', '/b.jpg');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAttribute('alt', 'Villa Aurora, image 3 of 3');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toHaveAttribute('src', '/a.jpg');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toHaveAttribute('src', '/c.jpg');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The gallery behind stays on the image last seen.
    expect(screen.getByRole('img', { name: 'Villa Aurora, image 3 of 3' })).toBeInTheDocument();
  });

  it('gives focus back to the control that opened it', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ImageGallery images={images} alt="Villa Aurora" />);
    const viewAll = screen.getByRole('button', { name: 'View all 3 photos' });
    await user.click(viewAll);
    await user.click(await screen.findByRole('button', { name: 'Close gallery' }));
    await waitFor(() => expect(viewAll).toHaveFocus());

    const image = screen.getByRole('button', { name: 'Enlarge Villa Aurora, image 1 of 3' });
    image.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await user.keyboard('{ArrowRight}{Escape}');
    // The same button, now showing the image last seen in the lightbox.
    await waitFor(() => expect(image).toHaveFocus());
    expect(image).toHaveAccessibleName('Enlarge Villa Aurora, image 2 of 3');
  });

  it('opens when the image itself is clicked', async () => {
    const user = userEvent.setup({ delay: null });
    render(<ImageGallery images={images} alt="Villa Aurora" />);
    await user.click(screen.getByRole('button', { name: 'Enlarge Villa Aurora, image 1 of 3' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });
});
