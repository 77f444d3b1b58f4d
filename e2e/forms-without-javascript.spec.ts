import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * With JavaScript off, the landing's contact form is sent by the browser itself: posted to the page
 * (POST /), answered 303 back to it with the form's own 'Message Sent', or with the page again
 * showing each field's error and what was typed. Nothing typed ever goes into a URL.
 */
test.describe('forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  /** Every address the page asked for: none may carry what was typed. */
  function watchUrls(page: Page): string[] {
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    return urls;
  }

  test("the landing's contact form is stored and the page says so, with no message in any URL", async ({
    page,
    adminApi,
  }) => {
    const urls = watchUrls(page);
    const message = `Twelve guests on the Riviera in June, no script (${Date.now()}).`;
    await page.goto('/');
    const contact = page.locator('#contact');
    await contact.getByLabel('First name').fill('Claire');
    await contact.getByLabel('Last name').fill('Dubois');
    await contact.getByLabel('Email').fill('claire.dubois@riviera.example');
    await contact.getByLabel('Message').fill(message);
    await contact.getByRole('button', { name: 'Send Message' }).click();

    await expect(page).toHaveURL(/\/\?sent=contact#contact$/);
    const note = contact.getByRole('status');
    await expect(note).toContainText('Message Sent');
    await expect(note).toContainText(
      'Thank you for your inquiry. Our concierge team will contact you within 24 hours.',
    );
    // A fresh form below the note.
    await expect(contact.getByLabel('Message')).toHaveValue('');
    expect(urls.filter((u) => /message=|Riviera|Claire/i.test(decodeURIComponent(u)))).toEqual([]);

    const stored = (await (await adminApi.get('/api/inquiries/off-market?limit=20')).json()) as Array<{
      message: string;
      kind: string;
      inquiryType: string;
      email: string;
    }>;
    expect(stored.find((i) => i.message === message)).toMatchObject({
      kind: 'contact',
      inquiryType: 'other',
      email: 'claire.dubois@riviera.example',
    });
  });

  test('an invalid e-mail: the page again, the error under the field, what was typed kept', async ({
    page,
  }) => {
    const urls = watchUrls(page);
    const message = 'Please keep this text: a week in Saint-Tropez.';
    await page.goto('/');
    const contact = page.locator('#contact');
    await contact.getByLabel('First name').fill('Claire');
    await contact.getByLabel('Last name').fill('Dubois');
    await contact.getByLabel('Email').fill('claire-at-riviera');
    await contact.getByLabel('Message').fill(message);
    await contact.getByRole('button', { name: 'Send Message' }).click();

    await expect(contact.getByText('Please enter a valid email address')).toBeVisible();
    await expect(contact.getByLabel('Email')).toHaveValue('claire-at-riviera');
    await expect(contact.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(contact.getByLabel('First name')).toHaveValue('Claire');
    await expect(contact.getByLabel('Message')).toHaveValue(message);
    await expect(contact.getByRole('status')).toHaveCount(0);
    // The page itself, at the form, with no field in the address.
    await expect(page).toHaveURL(/\/#contact$/);
    expect(urls.filter((u) => /message=|Saint-Tropez|claire/i.test(decodeURIComponent(u)))).toEqual([]);

    // Corrected and sent again, from the page the refusal rendered.
    await contact.getByLabel('Email').fill('claire.dubois@riviera.example');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expect(contact.getByRole('status')).toContainText('Message Sent');
  });
});
