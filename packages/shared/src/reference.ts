import { z } from 'zod';

export const locationSchema = z.object({ region: z.string(), subregions: z.array(z.string()) });
export type Location = z.infer<typeof locationSchema>;

export const amenitySchema = z.object({ id: z.number().int(), name: z.string(), category: z.string() });
export type Amenity = z.infer<typeof amenitySchema>;

export const exchangeRateSchema = z.object({
  fromCurrency: z.string(),
  toCurrency: z.string(),
  rate: z.number(),
  updatedAt: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

export const companyInfoSchema = z.object({
  brandName: z.string(),
  name: z.string(),
  number: z.string(),
  type: z.string(),
  incorporated: z.string(),
  address: z.string(),
  status: z.string(),
  nature: z.string(),
  accountsDue: z.string(),
  confirmationDue: z.string(),
  registerUrl: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;
