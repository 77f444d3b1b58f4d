import { renditionWidths } from '@villas/shared';
import { describe, expect, it } from 'vitest';
import { srcSetFor } from './images';

const id = '0123456789abcdef0123456789abcdef';

describe('srcSetFor', () => {
  it('lists all three renditions of an upload stored at 1600 px', () => {
    expect(srcSetFor(`/uploads/images/${id}-1600.webp`)).toBe(
      `/uploads/images/${id}-480.webp 480w, /uploads/images/${id}-960.webp 960w, /uploads/images/${id}-1600.webp 1600w`,
    );
  });

  it('lists only the widths the server wrote for a narrower upload (never enlarged)', () => {
    expect(srcSetFor(`/uploads/images/${id}-1200.webp`)).toBe(
      `/uploads/images/${id}-480.webp 480w, /uploads/images/${id}-960.webp 960w, /uploads/images/${id}-1200.webp 1200w`,
    );
    expect(srcSetFor(`/uploads/images/${id}-960.webp`)).toBe(
      `/uploads/images/${id}-480.webp 480w, /uploads/images/${id}-960.webp 960w`,
    );
    expect(srcSetFor(`/uploads/images/${id}-300.webp`)).toBe(`/uploads/images/${id}-300.webp 300w`);
  });

  it('follows the same rule as the server for every original width', () => {
    for (const original of [1, 300, 480, 481, 959, 960, 961, 1599, 1600, 1601, 4000]) {
      const widths = renditionWidths(original);
      const largest = widths[widths.length - 1];
      const derived = srcSetFor(`/uploads/images/${id}-${largest}.webp`)!
        .split(', ')
        .map((c) => Number(c.split(' ')[1]!.slice(0, -1)));
      expect(derived).toEqual(widths);
    }
  });

  it('offers a demo image with its 640 and 960 px copies', () => {
    expect(srcSetFor('/uploads/demo/villa-golden-hour.webp')).toBe(
      '/uploads/demo/villa-golden-hour-640.webp 640w, /uploads/demo/villa-golden-hour-960.webp 960w, /uploads/demo/villa-golden-hour.webp 1600w',
    );
  });

  it.each([
    ['an external URL', 'https://images.example.com/villa.jpg'],
    ['an external URL with our path', `https://cdn.example.com/uploads/images/${id}-1600.webp`],
    ['a demo small copy itself', '/uploads/demo/villa-coast-640.webp'],
    ['a demo medium copy itself', '/uploads/demo/villa-coast-960.webp'],
    ['an upload wider than any rendition', `/uploads/images/${id}-2400.webp`],
    ['a query string', `/uploads/images/${id}-1600.webp?v=2`],
    ['a path that climbs', '/uploads/images/../secret-1600.webp'],
    ['nothing', ''],
    ['null', null],
  ])('gives no srcset for %s', (_what, url) => {
    expect(srcSetFor(url)).toBeUndefined();
  });
});
