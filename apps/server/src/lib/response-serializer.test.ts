import { propertyPageSchema, propertySchema } from '@villas/shared';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fastResponse, fastSerializer, serializerCompiler } from './response-serializer';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const viaZod = (schema: z.ZodType, data: unknown) =>
  (zodSerializerCompiler(route(schema)) as (d: unknown) => string)(data);

const villa = {
  id: 7,
  name: 'Villa “Aurore” \\ 2',
  regionId: 1,
  subregionId: null,
  region: 'France',
  subregion: null,
  description: 'Line one\nline two',
  bedrooms: 5,
  maxGuests: 10,
  basePricePerNight: 1234.5,
  propertyCurrency: 'EUR',
  siteCurrency: 'EUR',
  propertyType: 'villa',
  amenityIds: [1, 2],
  amenities: ['Wifi', 'Pool'],
  images: ['/uploads/a.webp'],
  available: true,
  location: 'France',
  pricePerNight: 1234.5,
  currency: 'EUR',
  externalId: null,
  externalProvider: null,
  icalUrl: null,
  lastSyncDate: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  weeklyPriceEur: null,
};

describe('fastSerializer', () => {
  it("writes the same JSON as zod's serializer, nulls and optional fields included", () => {
    const dated = {
      ...villa,
      weeklyPriceEur: 8641.5,
      totalNights: 7,
      totalCost: 8641.5,
      totalCostEur: 8641.5,
    };
    const list = z.array(propertySchema);
    for (const data of [[villa, dated], []]) {
      expect(JSON.parse(fastSerializer(list)(data))).toEqual(JSON.parse(viaZod(list, data)));
    }
    const { description: _, ...card } = { ...dated, excerpt: 'Line one...' };
    const page = { items: [card], total: 1, limit: 24, offset: 0 };
    expect(JSON.parse(fastSerializer(propertyPageSchema)(page))).toEqual(page);
    expect(JSON.parse(fastSerializer(propertyPageSchema)(page))).toEqual(
      JSON.parse(viaZod(propertyPageSchema, page)),
    );
  });

  it('writes only the fields the schema names (an allow-list)', () => {
    const leaked = { ...villa, passwordHash: 'secret', internalNote: { a: 1 } };
    const out = fastSerializer(propertySchema)(leaked);
    expect(out).not.toContain('secret');
    expect(JSON.parse(out)).toEqual(villa);
  });

  it('refuses an answer that lacks a required field', () => {
    const { name: _, ...nameless } = villa;
    expect(() => fastSerializer(propertySchema)(nameless)).toThrow(/name/);
  });
});

describe('serializerCompiler', () => {
  it('uses the serializer fastResponse registered, and zod for every other schema', () => {
    const marked = fastResponse(z.object({ a: z.number() }), () => 'marked');
    const other = z.object({ a: z.number() });
    expect((serializerCompiler(route(marked)) as (d: unknown) => string)({ a: 1 })).toBe('marked');
    const viaOther = serializerCompiler(route(other)) as (d: unknown) => string;
    expect(viaOther({ a: 1, b: 2 })).toBe('{"a":1}');
    // zod's still checks values: a string where the schema says number is a serialisation error.
    expect(() => viaOther({ a: 'one' })).toThrow();
  });
});
