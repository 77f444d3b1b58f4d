import {
  idParamSchema,
  inboxPageSchema,
  inboxQuerySchema,
  inquiryCreatedSchema,
  inquiryInputSchema,
  inquirySchema,
  inquiryStatusInputSchema,
  pagingQuerySchema,
  rateLimitedBodySchema,
} from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createInquiry,
  INQUIRY_FORM_LIMIT,
  listInbox,
  listInquiries,
  setInquiryStatus,
} from './inquiries.service';

/** Contact, booking and off-market inquiries, and the administrators' inbox of every request. */
export const inquiriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/inquiries',
    {
      config: { access: 'public' },
      // One count with the landing's contact form posted without JavaScript (modules/pages).
      onRequest: app.formLimit(INQUIRY_FORM_LIMIT),
      schema: {
        tags: ['inquiries'],
        body: inquiryInputSchema,
        response: { 201: inquiryCreatedSchema, 429: rateLimitedBodySchema },
      },
    },
    async (request, reply) =>
      // A signed-in agent's booking inquiry is theirs (they may place a hold from it): the agent is the
      // session's user, whatever the body says.
      reply.code(201).send(await createInquiry(app.db, request.body, request.user)),
  );

  // The administrators' inbox: the inquiries above and the clients' requests through links, one list.
  app.get(
    '/api/admin/inquiries',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'inquiries'],
        querystring: inboxQuerySchema,
        response: { 200: inboxPageSchema },
      },
    },
    async (request) => listInbox(app.db, request.query),
  );

  // Every inquiry without filters or total: the inbox (GET /api/admin/inquiries) replaced it on the
  // admin's tab; kept for the callers that still read it.

  app.get(
    '/api/inquiries/off-market',
    {
      config: { access: 'admin' },
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
      config: { access: 'admin', audit: 'inquiry.status' },
      schema: {
        tags: ['admin', 'inquiries'],
        params: idParamSchema,
        body: inquiryStatusInputSchema,
        response: { 200: inquirySchema },
      },
    },
    async (request) => setInquiryStatus(request.db, request.params.id, request.body.status),
  );
};
