import { z } from 'zod';
import { isValidIsoDate } from './calendar.js';

// The date rules themselves are in calendar.ts (no zod); re-exported here, where the schemas import them.
export * from './calendar.js';

export const isoDateSchema = z
  .string()
  .refine(isValidIsoDate, { message: 'Use a real calendar date in the form yyyy-MM-dd' });
