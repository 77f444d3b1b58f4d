import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Property } from '@villas/shared';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { optionsSearch } from '../testing/options-search';
import { PropertyPicker } from './property-picker';

type Option = Pick<Property, 'id' | 'name' | 'location' | 'region' | 'subregion'>;
const villa = (id: number, name: string, region: string, subregion: string): Option => ({
  id,
  name,
  region,
  subregion,
  location: `${subregion}, ${region}`,
});
const catalogue: Option[] = [
  villa(1, 'Villa Aurora', 'France', 'Côte d’Azur'),
  villa(2, 'Chalet Blanc', 'Switzerland', 'Verbier'),
  villa(3, 'Villa Serena', 'Italy', 'Lake Como'),
  villa(4, 'Casa Mare', 'France', 'Provence'),
  villa(5, 'Bastide Lumière', 'France', 'Provence'),
];

function Harness() {
  const [ids, setIds] = useState<number[]>([]);
  return (
    <>
      <PropertyPicker value={ids} onChange={setIds} />
      <output data-testid="ids">{ids.join(',')}</output>
    </>
  );
}

const options = () =>
  within(screen.getByRole('list', { name: 'Villas to choose from' }))
    .getAllByRole('checkbox')
    .map((c) => c.getAttribute('aria-label'));

describe('PropertyPicker', () => {
  it('filters by destination, ignoring case and accents, and counts the matches', async () => {
    server.use(optionsSearch(catalogue));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />);
    expect(await screen.findByText('5 of 5 villas')).toBeInTheDocument();
    const search = screen.getByLabelText('Properties');

    await user.type(search, "cote d'azur");
    await waitFor(() => expect(options()).toEqual(['Villa Aurora, Côte d’Azur, France']));
    expect(await screen.findByText('1 of 5 villas')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'PROVENCE');
    await waitFor(() =>
      expect(options()).toEqual(['Casa Mare, Provence, France', 'Bastide Lumière, Provence, France']),
    );
    expect(await screen.findByText('2 of 5 villas')).toBeInTheDocument();

    // By name too, without its accent.
    await user.clear(search);
    await user.type(search, 'lumiere');
    await waitFor(() => expect(options()).toEqual(['Bastide Lumière, Provence, France']));
  });

  it('keeps the chosen villas listed while the filter hides them; checkboxes work from the keyboard', async () => {
    server.use(optionsSearch(catalogue));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<Harness />);
    const search = await screen.findByLabelText('Properties');
    await user.type(search, 'verbier');
    await waitFor(() => expect(options()).toEqual(['Chalet Blanc, Verbier, Switzerland']));
    // Tab from the search box to the only match, Space to choose it.
    await user.tab();
    expect(screen.getByRole('checkbox', { name: /^Chalet Blanc/ })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByTestId('ids')).toHaveTextContent('2');

    await user.clear(search);
    await user.type(search, 'como');
    await waitFor(() => expect(options()).toEqual(['Villa Serena, Lake Como, Italy']));
    await user.click(screen.getByRole('checkbox', { name: /^Villa Serena/ }));
    const selected = screen.getByRole('list', { name: 'Selected (2)' });
    expect(
      within(selected)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Chalet Blanc', 'Villa Serena']);
    expect(screen.getByTestId('ids')).toHaveTextContent('2,3');

    await user.click(within(selected).getByRole('button', { name: 'Remove Chalet Blanc' }));
    expect(screen.getByTestId('ids')).toHaveTextContent('3');
    expect(search).toHaveFocus();
  });
});
