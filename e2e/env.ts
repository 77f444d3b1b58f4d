/** Values shared by the Playwright config and the fixtures. */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** The admin the e2e server is started with (ADMIN_EMAIL / ADMIN_PASSWORD): always exists. */
export const E2E_ADMIN = { email: 'e2e-admin@example.com', password: 'e2e-admin-pass' } as const;

/** Demo accounts seeded when SEED_DEMO=true (packages/demo-data, listed in the README). */
export const DEMO = {
  admin: { email: 'admin@demo.test', password: 'demo-admin-pass' },
  sophie: { email: 'sophie@azure-voyages.test', password: 'demo-agent-pass' },
  james: { email: 'james@hartwell-travel.test', password: 'demo-agent-pass' },
  pending: { email: 'olivia@pending-travel.test', password: 'demo-agent-pass' },
} as const;

/** The fake Invenio API (and its photo and calendar hosts) the e2e run starts (global-setup.ts). */
export const INVENIO_PORT = Number(process.env.E2E_INVENIO_PORT ?? PORT + 1);
export const INVENIO_URL = `http://127.0.0.1:${INVENIO_PORT}`;
export const INVENIO_CREDENTIALS = {
  apiKey: 'inv_live_e2e_7c41d09b3f9a',
  bpUuid: '5a1e9c3b-77d2-4f08-a6c4-2e9b18d0f3a7',
} as const;
