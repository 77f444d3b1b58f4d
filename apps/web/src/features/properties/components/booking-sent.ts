import { createContext } from 'react';

/** A booking inquiry the signed-in user just sent from a villa's booking form. */
export interface SentBookingInquiry {
  inquiryId: number;
  propertyId: number;
  propertyName: string;
  clientName: string;
  checkIn: string | null;
  checkOut: string | null;
}

/**
 * What happens after a booking inquiry was sent, provided by the screen around the booking form: the
 * agent's dashboard offers to place a hold on the nights. Features do not import each
 * other, so the form only announces the inquiry.
 */
export const BookingSentContext = createContext<((sent: SentBookingInquiry) => void) | null>(null);

/**
 * The id of a villa card's 'View details' button: where focus goes back to once what its dialog led
 * to is done (the hold offered after a booking inquiry).
 */
export const detailsButtonId = (propertyId: number) => `property-${propertyId}-details`;
