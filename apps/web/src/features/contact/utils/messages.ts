/** What the contact form says once a message is sent: in a toast, or on the page a post returns to. */
export const CONTACT_SENT = {
  title: 'Message Sent',
  description: 'Thank you for your inquiry. Our concierge team will contact you within 24 hours.',
} as const;
