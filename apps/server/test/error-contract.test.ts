import { MAX_ID, validationFailedBodySchema } from '@villas/shared';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, users } from '@villas/db/schema';
import { createRegion, createUser, signedIn } from './factories';
import { useTestContext } from './helpers';

/**
 * One 400 body for every refused input: a route's schema (body, query, path), a
 * service's rule, the JSON parser and the multipart parser all answer exactly
 * `{code: 'VALIDATION_FAILED', message, issues: [{path, message}], requestId}`, and the OpenAPI
 * document says so for every route that reads input.
 */
const ctx = useTestContext({ API_DOCS: 'public' });

type Injected = Awaited<ReturnType<typeof ctx.app.inject>>;

/** The exact 400: nothing more, nothing less, and the message is the first issue's. */
function expect400(res: Injected, issues: Array<{ path: Array<string | number>; message: string }>) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual({
    code: 'VALIDATION_FAILED',
    message: issues[0]!.message,
    issues,
    requestId: expect.any(String),
  });
  expect(validationFailedBodySchema.safeParse(res.json()).success).toBe(true);
}

describe('one 400 body', () => {
  it('from a body schema: every field at fault, by path', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        firstName: 'Claire',
        lastName: 'Dubois',
        email: 'not-an-email',
        company: 'Riviera Travel',
        password: 'secret-pass',
        confirmPassword: 'other-pass',
      },
    });
    expect400(res, [
      { path: ['email'], message: 'Please enter a valid email address' },
      { path: ['confirmPassword'], message: "Passwords don't match" },
    ]);
  });

  it('from a path parameter and a query schema', async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    expect400(await ctx.app.inject({ url: '/api/properties/abc', headers: { cookie: admin.cookie } }), [
      { path: ['id'], message: 'Use a numeric id' },
    ]);
    expect400(
      await ctx.app.inject({ url: `/api/properties/${MAX_ID + 1}`, headers: { cookie: admin.cookie } }),
      [{ path: ['id'], message: 'Use a numeric id' }],
    );
    expect400(await ctx.app.inject({ url: '/api/admin/users?limit=0', headers: { cookie: admin.cookie } }), [
      { path: ['limit'], message: 'limit: Too small: expected number to be >=1' },
    ]);
  });

  it("from a service's rule: on the field it concerns, or on the request as a whole", async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const { region } = await createRegion(ctx.db);
    const villa = await ctx.app.inject({
      method: 'POST',
      url: '/api/properties',
      headers: { cookie: admin.cookie },
      payload: {
        name: 'Villa Contract',
        region: region.name,
        description: 'A quiet villa above the sea with a long pool.',
        bedrooms: 3,
        maxGuests: 6,
        amenityIds: [MAX_ID],
      },
    });
    expect400(villa, [{ path: ['amenityIds'], message: `Unknown amenity ids: ${MAX_ID}` }]);

    await signedIn(ctx.app, ctx.db, 'admin'); // a second administrator, so the last-admin rule is not the one met
    const demote = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${admin.user.id}`,
      headers: { cookie: admin.cookie },
      payload: { role: 'agent' },
    });
    expect400(demote, [{ path: [], message: 'You cannot remove your own admin access' }]);
  });

  it('from the JSON parser: malformed, empty, or carrying a prototype key', async () => {
    const send = (payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    expect400(await send('{"email": "a@b.co",'), [
      { path: [], message: 'The request body is not valid JSON' },
    ]);
    expect400(await send('{"__proto__": {"role": "admin"}}'), [
      { path: [], message: 'The request body is not valid JSON' },
    ]);
    expect400(await send(''), [{ path: [], message: 'The request body is empty: send a JSON object' }]);
  });

  it('from text that is not well-formed Unicode (a lone surrogate), in any field: nothing changes', async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const agent = await createUser(ctx.db, { lastName: 'Hartwell' });
    const audited = async () => (await ctx.db.select().from(auditLog)).length;
    const before = await audited();
    // As the JSON escape "\ud800" sends it: a shared text field answers in its own words.
    const edit = (payload: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/users/${agent.id}`,
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        payload,
      });
    expect400(await edit('{"role": "admin", "lastName": "Hartwell\\ud800"}'), [
      {
        path: ['lastName'],
        message:
          'Last name contains an invalid character (part of a broken emoji or symbol): please retype it',
      },
    ]);
    // Any other text, a key included, by the rule every request schema shares.
    expect400(await edit('{"role": "admin", "note\\udc00": "x"}'), [
      {
        path: ['note\udc00'],
        message:
          'note\ufffd contains an invalid character (part of a broken emoji or symbol): please retype it',
      },
    ]);
    expect400(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: agent.email, password: 'correct-horse-1\ud83d' },
      }),
      [
        {
          path: ['password'],
          message:
            'password contains an invalid character (part of a broken emoji or symbol): please retype it',
        },
      ],
    );
    const [row] = await ctx.db.select().from(users).where(eq(users.id, agent.id));
    expect(row).toMatchObject({ role: 'agent', lastName: 'Hartwell' });
    expect(await audited()).toBe(before);
  });

  it('from the multipart parser: a body it cannot read, and a form without the image', async () => {
    const admin = await signedIn(ctx.app, ctx.db, 'admin');
    const upload = (contentType: string, payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/upload/image',
        headers: { cookie: admin.cookie, 'content-type': contentType },
        payload,
      });
    const unreadable = {
      path: [],
      message: 'The upload could not be read: send the image as multipart/form-data in the field "image"',
    };
    const b = 'contract-boundary';
    // Cut short after a part header; no boundary at all.
    expect400(
      await upload(
        `multipart/form-data; boundary=${b}`,
        `--${b}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n`,
      ),
      [unreadable],
    );
    expect400(await upload('multipart/form-data', 'not multipart'), [unreadable]);
    expect400(
      await upload(
        `multipart/form-data; boundary=${b}`,
        `--${b}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nPool\r\n--${b}--\r\n`,
      ),
      [{ path: ['image'], message: 'Please select an image file (form field "image")' }],
    );
  });
});

describe('the OpenAPI document', () => {
  it('gives every route that reads input the 400 body, and every rate-limited route the 429 body', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    type Schema = { required?: string[]; properties?: Record<string, { enum?: string[] }> };
    const bodyOf = (op: { responses: Record<string, unknown> }, status: string) =>
      (op.responses[status] as { content?: { 'application/json'?: { schema?: Schema } } } | undefined)
        ?.content?.['application/json']?.schema;
    const readsInput = ctx.app.routeInventory.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/docs') &&
        r.schema &&
        (r.schema.body || r.schema.params || r.schema.querystring),
    );
    expect(readsInput.length).toBeGreaterThan(60);
    for (const route of readsInput) {
      const openApiPath = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const op = doc.paths[openApiPath]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.url}`).toBeDefined();
      const body = bodyOf(op!, '400');
      expect(body?.required?.sort(), `${route.method} ${route.url}`).toEqual([
        'code',
        'issues',
        'message',
        'requestId',
      ]);
      expect(body?.properties?.code?.enum).toEqual(['VALIDATION_FAILED']);
    }
    for (const [path, method] of [
      ['/api/auth/register', 'post'],
      ['/api/inquiries', 'post'],
      ['/api/white-label/{uuid}/booking-request', 'post'],
    ] as const) {
      const body = bodyOf(doc.paths[path]![method]!, '429');
      expect(body?.required?.sort(), path).toEqual(['code', 'details', 'message', 'requestId']);
      expect(body?.properties?.code?.enum).toEqual(['RATE_LIMITED']);
    }
  });
});
