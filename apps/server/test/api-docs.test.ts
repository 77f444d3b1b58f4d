import { describe, expect, it } from 'vitest';
import { useTestContext } from './helpers';

const open = useTestContext({ API_DOCS: 'public' });

describe('API_DOCS=public', () => {
  it('lets anybody read the API documentation', async () => {
    const res = await open.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(JSON.stringify(res.json())).toContain('/api/auth/login');
  });
});
