import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { route, sentRequests, server } from '../../../testing/api-handlers';
import { renderWithProviders } from '../../../testing/render';
import { DeferredContactForm } from './deferred-contact-form';

/** An IntersectionObserver whose section never comes near the screen unless `reveal()` is called. */
let reveal: () => void;
beforeEach(() => {
  reveal = () => undefined;
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {
        reveal = () => this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as never);
      }
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The form's code is there: its select is Radix's (with its open/closed state), not the drawing. */
const formLoaded = () =>
  waitFor(
    () => expect(screen.getByRole('combobox', { name: 'Inquiry type' })).toHaveAttribute('data-state'),
    { timeout: 10_000 },
  );

/** The real form is there, and its select opens a list of options. */
async function realFormLoaded(user: ReturnType<typeof userEvent.setup>) {
  await formLoaded();
  await user.click(screen.getByRole('combobox', { name: 'Inquiry type' }));
  expect(await screen.findAllByRole('option')).toHaveLength(3);
  await user.keyboard('{Escape}');
}

describe('DeferredContactForm', { timeout: 20_000 }, () => {
  it('draws the same fields before its code loads, the type the page asked for included', () => {
    renderWithProviders(<DeferredContactForm initialType="property-manager" />);
    for (const label of ['First name', 'Last name', 'Email', 'Message']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('combobox', { name: 'Inquiry type' })).toHaveTextContent(
      'Sign up as Property Manager',
    );
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeInTheDocument();
    // Nothing reached it yet: still the drawing of the form.
    expect(screen.getByRole('combobox', { name: 'Inquiry type' })).not.toHaveAttribute('data-state');
  });

  it('loads the form when a visitor reaches into it, keeping what was typed and the focus', async () => {
    server.use(route('POST /api/inquiries', { id: 3, status: 'pending' }));
    const calls = sentRequests();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DeferredContactForm />);
    // Typed into the preview (no focus event reached it yet), then the visitor moves on to Email.
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Claire' } });
    await user.click(screen.getByLabelText('Email'));
    await formLoaded();
    expect(screen.getByLabelText('First name')).toHaveValue('Claire');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());

    await user.keyboard('claire@riviera.example');
    await user.type(screen.getByLabelText('Last name'), 'Dubois');
    await user.type(screen.getByLabelText('Message'), 'A week in Saint-Tropez.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message Sent')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      firstName: 'Claire',
      lastName: 'Dubois',
      email: 'claire@riviera.example',
      message: 'A week in Saint-Tropez.',
      propertyId: null,
      inquiryType: 'other',
    });
  });

  it('loads the form when its section comes near the screen', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DeferredContactForm />);
    reveal();
    await realFormLoaded(user);
  });

  it('sends a message submitted before its code was there, once it is, with what was typed', async () => {
    server.use(route('POST /api/inquiries', { id: 4, status: 'pending' }));
    const calls = sentRequests();
    renderWithProviders(<DeferredContactForm />);
    // Filled and sent in the drawing, without any event that would load the form first.
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Claire' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Dubois' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'claire@riviera.example' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Twelve guests in June.' } });
    fireEvent.submit(screen.getByRole('button', { name: 'Send Message' }).closest('form')!);
    expect(await screen.findByText('Message Sent', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      {
        firstName: 'Claire',
        lastName: 'Dubois',
        email: 'claire@riviera.example',
        message: 'Twelve guests in June.',
        propertyId: null,
        inquiryType: 'other',
      },
    ]);
  });
});
