import { ErrorCode } from '@villas/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, gate, route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { ContactForm } from './contact-form';

type User = ReturnType<typeof userEvent.setup>;

async function fill(user: User) {
  await user.type(screen.getByLabelText('First name'), 'Claire');
  await user.type(screen.getByLabelText('Last name'), 'Dubois');
  await user.type(screen.getByLabelText('Email'), 'claire@riviera.example');
  await user.type(screen.getByLabelText('Message'), 'A week in Saint-Tropez for a family of eight.');
}

async function chooseType(user: User, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Inquiry type' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

const typeShown = () => screen.getByRole('combobox', { name: 'Inquiry type' });

describe('ContactForm', () => {
  // sonner keeps toasts in a module-level store and replays active ones to a new Toaster.
  beforeEach(() => {
    toast.dismiss();
  });

  it("offers the three inquiry types with 'Other' selected by default", async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ContactForm />);
    expect(typeShown()).toHaveTextContent('Other');
    await user.click(typeShown());
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Sign up as Agent',
      'Sign up as Property Manager',
      'Other',
    ]);
  });

  it('shows an error under each missing required field and sends nothing', async () => {
    const calls = sentRequests();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it("reads 'Sending...' and is disabled while the message is on its way", async () => {
    const held = gate();
    server.use(
      route('POST /api/inquiries', async () => {
        await held.opened;
        return { id: 1, status: 'pending' };
      }),
    );
    const calls = sentRequests();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ContactForm />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    const pending = await screen.findByRole('button', { name: 'Sending...' });
    expect(pending).toBeDisabled();
    await user.click(pending);
    held.open();
    expect(await screen.findByText('Message Sent')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    expect(calls).toHaveLength(1);
  });

  it('sends the inquiry, confirms it and resets every field with the type back to Other', async () => {
    server.use(route('POST /api/inquiries', { id: 7, status: 'pending' }));
    const calls = sentRequests();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ContactForm />);
    await fill(user);
    await chooseType(user, 'Sign up as Agent');
    expect(typeShown()).toHaveTextContent('Sign up as Agent');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Message Sent')).toBeInTheDocument();
    expect(
      screen.getByText('Thank you for your inquiry. Our concierge team will contact you within 24 hours.'),
    ).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/inquiries',
        body: {
          firstName: 'Claire',
          lastName: 'Dubois',
          email: 'claire@riviera.example',
          message: 'A week in Saint-Tropez for a family of eight.',
          propertyId: null,
          inquiryType: 'agent',
        },
      },
    ]);
    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue(''));
    expect(screen.getByLabelText('Last name')).toHaveValue('');
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(typeShown()).toHaveTextContent('Other');
  });

  it('keeps every value and shows the Error toast when sending fails', async () => {
    server.use(route('POST /api/inquiries', apiError(ErrorCode.INTERNAL, 'Internal error')));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<ContactForm />);
    await fill(user);
    await chooseType(user, 'Sign up as Property Manager');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    const toast = (await screen.findByText('Failed to send message. Please try again.')).closest('li')!;
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Claire');
    expect(screen.getByLabelText('Last name')).toHaveValue('Dubois');
    expect(screen.getByLabelText('Email')).toHaveValue('claire@riviera.example');
    expect(screen.getByLabelText('Message')).toHaveValue('A week in Saint-Tropez for a family of eight.');
    expect(typeShown()).toHaveTextContent('Sign up as Property Manager');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  it('preselects the type a linking page asks for', () => {
    renderWithProviders(<ContactForm initialType="property-manager" />);
    expect(typeShown()).toHaveTextContent('Sign up as Property Manager');
  });
});
