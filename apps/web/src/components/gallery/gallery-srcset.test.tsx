import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImageCarousel } from './image-carousel';
import { Lightbox } from './lightbox';

const uploaded = '/uploads/images/0123456789abcdef0123456789abcdef-1600.webp';
const demo = '/uploads/demo/villa-coast.webp';
const external = 'https://images.example.com/villa.jpg';

describe('responsive images in the gallery', () => {
  it('gives a carousel image the renditions of its URL and the sizes it is given', () => {
    render(<ImageCarousel images={[uploaded]} alt="Villa Aurora" sizes="(min-width: 1024px) 33vw, 100vw" />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('srcset')).toBe(
      uploaded.replace('-1600', '-480') +
        ' 480w, ' +
        uploaded.replace('-1600', '-960') +
        ' 960w, ' +
        `${uploaded} 1600w`,
    );
    expect(img).toHaveAttribute('sizes', '(min-width: 1024px) 33vw, 100vw');
  });

  it('offers a demo image with its smaller copies and leaves an external URL alone', () => {
    const { unmount } = render(<ImageCarousel images={[demo]} alt="Villa Aurora" />);
    expect(screen.getByRole('img').getAttribute('srcset')).toBe(
      '/uploads/demo/villa-coast-640.webp 640w, /uploads/demo/villa-coast-960.webp 960w, /uploads/demo/villa-coast.webp 1600w',
    );
    unmount();
    render(<ImageCarousel images={[external]} alt="Villa Aurora" />);
    expect(screen.getByRole('img')).not.toHaveAttribute('srcset');
  });

  it('shows the lightbox image at full-screen sizes and its thumbnails small', () => {
    render(
      <Lightbox
        images={[uploaded, demo]}
        alt="Villa Aurora"
        open
        onOpenChange={() => undefined}
        index={0}
        onIndexChange={() => undefined}
      />,
    );
    const large = screen.getByRole('img', { name: 'Villa Aurora, image 1 of 2' });
    expect(large).toHaveAttribute('sizes', '100vw');
    expect(large.getAttribute('srcset')).toContain(`${uploaded} 1600w`);
    const thumbs = screen.getAllByRole('button', { name: /Show image/ }).map((b) => b.querySelector('img')!);
    expect(thumbs.map((t) => t.getAttribute('sizes'))).toEqual(['104px', '104px']);
  });
});
