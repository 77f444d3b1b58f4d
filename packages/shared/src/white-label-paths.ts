/**
 * URLs of a white-label link's public files, apart from the link schemas (white-label.ts): the
 * client's page uses them and loads no zod.
 */

/** The link's brochure (a PDF, public like the client's page). */
export const brochurePath = (uuid: string) => `/api/white-label/${encodeURIComponent(uuid)}/brochure.pdf`;
