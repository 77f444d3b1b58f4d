import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../testing/render';
import { makeProperty } from '../testing/make-property';
import { PropertyGrid } from './property-grid';

const many = Array.from({ length: 30 }, (_, i) => makeProperty({ id: i + 1, name: `Villa ${i + 1}` }));

describe('PropertyGrid', () => {
  it('renders a page of cards and shows more on request', async () => {
    mockApi({});
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <PropertyGrid properties={many} selected={new Set([2])} onSelectedChange={() => {}} pageSize={12} />,
    );
    const list = screen.getByRole('list', { name: 'Properties' });
    expect(within(list).getAllByRole('article')).toHaveLength(12);
    expect(screen.getByText('Showing 12 of 30')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Villa 2' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Show 12 more' }));
    expect(within(list).getAllByRole('article')).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Show 6 more' }));
    expect(within(list).getAllByRole('article')).toHaveLength(30);
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });
});
