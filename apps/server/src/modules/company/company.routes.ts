import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyInfoSchema } from '@villas/shared';

/** Brand and legal company details from configuration (landing footer, /company-info, legal texts). */
export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/company',
    { config: { access: 'public' }, schema: { tags: ['company'], response: { 200: companyInfoSchema } } },
    async () => app.config.company,
  );
};
