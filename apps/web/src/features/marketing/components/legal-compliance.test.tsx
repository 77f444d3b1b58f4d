import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useUser } from '../../../lib/auth';
import { route, sentRequests, server, signedOut } from '../../../testing/api-handlers';
import { agentUser } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { LegalCompliance } from './legal-compliance';
import { company } from './test-data';

const signedIn = () => route('GET /api/auth/user', agentUser);
const companyApi = () => route('GET /api/company', company);

/** Says so once the current-user query has its answer, in the same render as LegalCompliance. */
function UserSettled() {
  const { data, isSuccess } = useUser();
  return isSuccess ? <p>{data ? `signed in as ${data.name}` : 'signed out'}</p> : null;
}

describe('LegalCompliance', () => {
  it('is not shown to signed-out visitors', async () => {
    server.use(signedOut(), companyApi());
    renderWithProviders(
      <>
        <LegalCompliance />
        <UserSettled />
      </>,
    );
    await screen.findByText('signed out');
    expect(sentRequests().some((c) => c.url === '/api/auth/user')).toBe(true);
    expect(screen.queryByRole('heading', { name: 'Legal Compliance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('shows Privacy Policy by default to signed-in users, with the cookie lifetimes', async () => {
    server.use(signedIn(), companyApi());
    renderWithProviders(<LegalCompliance />);
    expect(await screen.findByRole('heading', { name: 'Legal Compliance' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Privacy Policy' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Terms & Conditions' })).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('Comment and preference cookies last for one year');
    expect(panel).toHaveTextContent('login cookies, which last for two days');
    expect(panel).toHaveTextContent('your login persists for two weeks');
    expect(panel).toHaveTextContent(
      'Administrators can see and edit the personal information in user profiles',
    );
    expect(await screen.findByText(/Maison Azur Travel Ltd, a private limited company/)).toBeInTheDocument();
  });

  it('shows the Agent Terms with their figures on the Terms & Conditions tab', async () => {
    server.use(signedIn(), companyApi());
    const user = userEvent.setup();
    renderWithProviders(<LegalCompliance />);
    await user.click(await screen.findByRole('tab', { name: 'Terms & Conditions' }));
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('Agent Terms');
    expect(panel).toHaveTextContent('at least 18 years old or a registered business');
    expect(panel).toHaveTextContent("30 days' notice of any change");
    expect(panel).toHaveTextContent("end this agreement by giving 30 days' notice");
    expect(panel).toHaveTextContent('governed by the law of the United Kingdom');
    expect(panel).toHaveTextContent('courts of England and Wales');
    expect(panel).toHaveTextContent('Agents add their own fees and commissions to the supplied rates');
  });
});
