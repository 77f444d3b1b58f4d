import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from '../../../test/factories';
import { useTestContext } from '../../../test/helpers';

const ctx = useTestContext();
let admin = '';
let agent = '';

beforeAll(async () => {
  admin = (await signedIn(ctx.app, ctx.db, 'admin')).cookie;
  agent = (await signedIn(ctx.app, ctx.db, 'agent')).cookie;
});

const put = (payload: object, cookie = admin) =>
  ctx.app.inject({ method: 'PUT', url: '/api/admin/exchange-rates', headers: { cookie }, payload });
const list = async (cookie = agent) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/exchange-rates', headers: { cookie } })).json() as Array<{
    fromCurrency: string;
    toCurrency: string;
    rate: number;
    updatedAt: string;
  }>;

describe('exchange rates', () => {
  it('an admin sets a rate (insert, then update of the same pair); signed-in users read them', async () => {
    const first = await put({ fromCurrency: 'CHF', toCurrency: 'GBP', rate: 0.88 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ fromCurrency: 'CHF', toCurrency: 'GBP', rate: 0.88 });
    expect(new Date(first.json().updatedAt).toString()).not.toBe('Invalid Date');
    const second = await put({ fromCurrency: 'CHF', toCurrency: 'GBP', rate: 0.87654321 });
    expect(second.json().rate).toBe(0.87654321);
    const rows = (await list()).filter((r) => r.fromCurrency === 'CHF' && r.toCurrency === 'GBP');
    expect(rows).toEqual([second.json()]);
  });

  it.each([
    [{ fromCurrency: 'USD', toCurrency: 'EUR', rate: 0 }, 'Rate must be greater than 0'],
    [{ fromCurrency: 'USD', toCurrency: 'EUR', rate: -1 }, 'Rate must be greater than 0'],
    [{ fromCurrency: 'JPY', toCurrency: 'EUR', rate: 1 }, 'Currency must be one of EUR, USD, GBP, CHF'],
    [{ fromCurrency: 'EUR', toCurrency: 'EUR', rate: 1 }, 'Choose two different currencies'],
  ])('rejects %j with 400 and a message', async (body, message) => {
    const res = await put(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('reading needs a sign-in; writing needs an admin', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/exchange-rates' })).statusCode).toBe(401);
    expect((await put({ fromCurrency: 'USD', toCurrency: 'EUR', rate: 5 }, agent)).statusCode).toBe(403);
    expect((await list()).find((r) => r.fromCurrency === 'USD' && r.toCurrency === 'EUR')?.rate).not.toBe(5);
  });
});
