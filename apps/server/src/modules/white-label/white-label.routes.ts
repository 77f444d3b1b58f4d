import {
  adminWhiteLabelLinkSchema,
  adminWhiteLabelLinksQuerySchema,
  agentIdParamSchema,
  apiErrorSchema,
  bookingRequestSchema,
  createWhiteLabelBodySchema,
  idParamSchema,
  linkPricePreviewAnswerSchema,
  linkPricePreviewSchema,
  linkStayRulesSchema,
  okSchema,
  pagingQuerySchema,
  publicWhiteLabelSchema,
  updateWhiteLabelSchema,
  uuidParamSchema,
  whiteLabelInquiryCreatedSchema,
  whiteLabelInquirySchema,
  whiteLabelInquiryStatusSchema,
  whiteLabelLinkSchema,
} from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TooManyRequestsError } from '../../lib/errors';
import { actor } from '../../plugins/auth';
import { formRateLimit } from '../../plugins/security';
import { brochureFileName } from './white-label.brochure-sources';
import { WHITE_LABEL_PAGE, createOpenGraphTransform } from './white-label.og';
import {
  adminLinks,
  agentInquiries,
  agentLinks,
  createLink,
  dashboardLinks,
  deleteLink,
  linkStayRules,
  openPublicLink,
  previewPrices,
  publicCollection,
  requestBooking,
  setWlInquiryStatus,
  updateLink,
} from './white-label.service';

/**
 * White-label links, their public page, client booking requests and the agent's inquiries,
 * and every agent's links for administrators.
 */
export const whiteLabelRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['white-label'];

  app.post(
    '/api/white-label',
    {
      // For the caller's own agent id; an administrator may create one for any agent.
      config: { access: 'owner-or-admin' },
      schema: { tags, body: createWhiteLabelBodySchema, response: { 201: whiteLabelLinkSchema } },
    },
    async (request, reply) => reply.code(201).send(await createLink(app.db, actor(request), request.body)),
  );

  app.get(
    '/api/white-label/:uuid',
    {
      config: { access: 'public' },
      schema: { tags, params: uuidParamSchema, response: { 200: publicWhiteLabelSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return openPublicLink(app.db, app.mailer, request.params.uuid, {
        userId: request.user?.id ?? null,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        ip: request.ip ?? null,
      });
    },
  );

  // A link's brochure downloads, whoever asks: its uuid is known to every client who got the link,
  // so a limit per address alone lets several addresses ask for it at once. Kept in a bounded map.
  const perLink = app.createRateLimit({
    max: app.config.brochures.perLinkMax,
    timeWindow: app.config.rateLimit.windowMs,
    keyGenerator: (request) => `brochure:${(request.params as { uuid: string }).uuid}`,
  });

  // The link's brochure: as public as the client's page (an unknown, inactive, expired or deleted
  // link answers 404), limited per address like the public forms and per link, rendered in the
  // brochure workers and cached (docs/decisions/015-link-pricing-and-brochure.md), and cacheable by
  // the client's browser only (never by a shared cache). Not a view of the link.
  app.get(
    '/api/white-label/:uuid/brochure.pdf',
    {
      config: { access: 'public', ...formRateLimit(app.config) },
      schema: {
        tags,
        params: uuidParamSchema,
        // 503: too many brochures being prepared, or one not ready in time (with Retry-After).
        response: { 200: z.any().describe('application/pdf'), 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const limit = await perLink(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new TooManyRequestsError(limit.ttl / 1000, 'This brochure has been downloaded too often.');
      }
      const { uuid } = request.params;
      const answer = await app.brochures.readAnswer(
        uuid,
        async () => (await publicCollection(app.db, uuid)).answer,
      );
      const pdf = await app.brochures.get(answer);
      const name = brochureFileName(answer.link.title);
      reply
        .type('application/pdf')
        .header('cache-control', 'private, max-age=300')
        .header(
          'content-disposition',
          `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        );
      if (Buffer.isBuffer(pdf)) return reply.send(pdf);
      return reply.header('content-length', pdf.size).send(pdf.stream);
    },
  );

  app.post(
    '/api/white-label/price-preview',
    {
      config: { access: 'signed-in' },
      schema: { tags, body: linkPricePreviewSchema, response: { 200: linkPricePreviewAnswerSchema } },
    },
    async (request) => previewPrices(app.db, request.body),
  );

  app.patch(
    '/api/white-label/:id',
    {
      // The owning agent's link, or any for an administrator (404 otherwise).
      config: { access: 'owner-or-admin' },
      schema: {
        tags,
        params: idParamSchema,
        body: updateWhiteLabelSchema,
        response: { 200: whiteLabelLinkSchema },
      },
    },
    async (request) => updateLink(app.db, actor(request), request.params.id, request.body),
  );

  app.post(
    '/api/white-label/:uuid/booking-request',
    {
      config: { access: 'public', ...formRateLimit(app.config) },
      schema: {
        tags,
        params: uuidParamSchema,
        body: bookingRequestSchema,
        response: { 201: whiteLabelInquiryCreatedSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await requestBooking(app.db, app.mailer, request.params.uuid, request.body)),
  );

  app.get(
    '/api/user/dashboard/white-label-links',
    {
      config: { access: 'owner' },
      schema: { tags, querystring: pagingQuerySchema, response: { 200: z.array(whiteLabelLinkSchema) } },
    },
    async (request) => dashboardLinks(app.db, actor(request), request.query),
  );

  app.get(
    '/api/white-label/agent/:agentId',
    {
      config: { access: 'owner-or-admin' },
      schema: {
        tags,
        params: agentIdParamSchema,
        querystring: pagingQuerySchema,
        response: { 200: z.array(whiteLabelLinkSchema) },
      },
    },
    async (request) => agentLinks(app.db, actor(request), request.params.agentId, request.query),
  );

  app.delete(
    '/api/white-label/:id',
    {
      config: { access: 'owner-or-admin' },
      schema: { tags, params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteLink(app.db, actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/white-label-inquiries/agent/:agentId',
    {
      config: { access: 'owner-or-admin' },
      schema: {
        tags,
        params: agentIdParamSchema,
        querystring: pagingQuerySchema,
        response: { 200: z.array(whiteLabelInquirySchema) },
      },
    },
    async (request) => agentInquiries(app.db, actor(request), request.params.agentId, request.query),
  );

  // The agent's own link requests, or any for an administrator (the inbox): an administrator's change
  // is audited; an agent's is not (docs/decisions/007).
  app.put(
    '/api/white-label-inquiries/:id',
    {
      config: { access: 'owner-or-admin', audit: 'white-label-inquiry.status' },
      schema: {
        tags,
        params: idParamSchema,
        body: whiteLabelInquiryStatusSchema,
        response: { 200: whiteLabelInquirySchema },
      },
    },
    async (request) => setWlInquiryStatus(request.db, actor(request), request.params.id, request.body.status),
  );

  app.get(
    '/api/admin/white-label-links',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', ...tags],
        querystring: adminWhiteLabelLinksQuerySchema,
        response: { 200: z.array(adminWhiteLabelLinkSchema) },
      },
    },
    async (request) => adminLinks(app.db, request.query),
  );

  // The stay rules of a link's villas, as public as the client's page: only the villas of a live
  // link, only the rules' terms.
  app.get(
    '/api/white-label/:uuid/stay-rules',
    {
      config: { access: 'public' },
      schema: {
        tags: [...tags, 'stay-rules'],
        params: uuidParamSchema,
        response: { 200: linkStayRulesSchema },
      },
    },
    async (request) => linkStayRules(app.db, request.params.uuid),
  );

  // Link previews (WhatsApp, e-mail): the SPA's HTML for /white-label/{uuid} carries Open Graph tags.
  // The web plugin decorates htmlTransforms after the modules load, so register once all are ready.
  const openGraph = { pattern: WHITE_LABEL_PAGE, transform: createOpenGraphTransform(app) };
  app.addHook('onReady', async () => {
    app.htmlTransforms.push(openGraph);
  });
};
