import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { makeProperty } from '../../../testing/fixtures';
import { PropertyGrid } from './property-grid';

const page = Array.from({ length: 12 }, (_, i) => makeProperty({ id: i + 1, name: `Villa ${i + 1}` }));

afterEach(() => vi.unstubAllGlobals());

describe('PropertyGrid', () => {
  it('renders the cards loaded so far and asks for the next page with Load more', async () => {
    const onLoadMore = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <PropertyGrid
        properties={page}
        selected={new Set([2])}
        onSelectedChange={() => {}}
        more={{ total: 30, hasMore: true, loading: false, onLoadMore }}
      />,
    );
    const list = screen.getByRole('list', { name: 'Properties' });
    expect(within(list).getAllByRole('article')).toHaveLength(12);
    expect(screen.getByText('Showing 12 of 30')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Villa 2' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('loads the next page when the end of the grid scrolls into view, and shows no button at the last page', () => {
    let notify: (entries: Array<{ isIntersecting: boolean }>) => void = () => {};
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(cb: typeof notify) {
          notify = cb;
        }
        observe() {}
        disconnect() {}
      },
    );
    const onLoadMore = vi.fn();
    renderWithProviders(
      <PropertyGrid
        properties={page}
        selected={new Set()}
        onSelectedChange={() => {}}
        more={{ total: 30, hasMore: true, loading: false, onLoadMore }}
      />,
    );
    act(() => notify([{ isIntersecting: true }]));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });

  it('shows no Load more on the last page', () => {
    renderWithProviders(
      <PropertyGrid
        properties={page}
        selected={new Set()}
        onSelectedChange={() => {}}
        more={{ total: 12, hasMore: false, loading: false, onLoadMore: () => {} }}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
