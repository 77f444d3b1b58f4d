/**
 * URLs of a white-label link's public files and contacts, apart from the link schemas
 * (white-label.ts): the client's page uses them and loads no zod.
 */

/** The link's brochure (a PDF, public like the client's page). */
export const brochurePath = (uuid: string) => `/api/white-label/${encodeURIComponent(uuid)}/brochure.pdf`;

/** The links a client is offered for an E.164 number: a call, and a WhatsApp chat. */
export const phoneLinks = (e164: string) => ({
  call: `tel:${e164}`,
  whatsApp: `https://wa.me/${e164.slice(1)}`,
});
