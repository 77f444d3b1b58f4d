import {
  idParamSchema,
  inquiryCreatedSchema,
  inquiryInputSchema,
  inquirySchema,
  inquiryStatusInputSchema,
  pagingQuerySchema,
} from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole } from '../../plugins/auth';
import { formRateLimit } from '../../plugins/security';
import { createInquiry, listInquiries, setInquiryStatus } from './inquiries.service';

/** Contact, booking and off-market inquiries (seed 000 §7) and their admin list (seed 001 §7). */
export const inquiriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { preHandler: requireRole('admin') };

  app.post(
    '/api/inquiries',
    {
      config: { public: true, ...formRateLimit(app.config) },
      schema: { tags: ['inquiries'], body: inquiryInputSchema, response: { 201: inquiryCreatedSchema } },
    },
    async (request, reply) => reply.code(201).send(await createInquiry(app.db, request.body)),
  );

  app.get(
    '/api/inquiries/off-market',
    {
      ...admin,
      schema: {
        tags: ['admin', 'inquiries'],
        querystring: pagingQuerySchema,
        response: { 200: z.array(inquirySchema) },
      },
    },
    async (request) => listInquiries(app.db, request.query),
  );

  app.put(
    '/api/inquiries/:id/status',
    {
      ...admin,
      config: { audit: 'inquiry.status' },
      schema: {
        tags: ['admin', 'inquiries'],
        params: idParamSchema,
        body: inquiryStatusInputSchema,
        response: { 200: inquirySchema },
      },
    },
    async (request) => setInquiryStatus(app.db, request.params.id, request.body.status),
  );
};
