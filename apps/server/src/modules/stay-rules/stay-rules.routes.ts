import {
  idParamSchema,
  okSchema,
  propertyIdParamSchema,
  stayRuleInputSchema,
  stayRuleSchema,
  stayRuleTermsSchema,
} from '@villas/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditRule } from '../../plugins/audit';
import {
  createRule,
  deleteRule,
  listRules,
  ruleForAudit,
  rulesInForce,
  updateRule,
} from './stay-rules.service';

const pathId = (params: unknown) => Number((params as { id?: unknown }).id);

/** The audit row of an edit or delete keeps the villa and the rule's terms before it. */
const auditOf = (action: string): AuditRule => ({
  action,
  refine: async (request) => ({
    action,
    summary: (await ruleForAudit(request.db, pathId(request.params))) ?? {},
  }),
});

/**
 * Stay rules: the administrator keeps each villa's periods in the calendar manager;
 * agents read a villa's rules in force (its detail and booking form); a client reads those of the
 * villas of a live link only (that route is the white-label module's: it answers for a link).
 */
export const stayRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['stay-rules'];

  app.get(
    '/api/admin/properties/:propertyId/stay-rules',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', ...tags],
        params: propertyIdParamSchema,
        response: { 200: z.array(stayRuleSchema) },
      },
    },
    async (request) => listRules(app.db, request.params.propertyId),
  );
  app.post(
    '/api/admin/properties/:propertyId/stay-rules',
    {
      config: {
        access: 'admin',
        audit: {
          action: 'stay-rule.create',
          refine: (request) => ({
            action: 'stay-rule.create',
            summary: { propertyId: Number((request.params as { propertyId?: unknown }).propertyId) },
          }),
        },
      },
      schema: {
        tags: ['admin', ...tags],
        params: propertyIdParamSchema,
        body: stayRuleInputSchema,
        response: { 201: stayRuleSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return createRule(request.db, request.params.propertyId, request.body);
    },
  );
  app.put(
    '/api/admin/stay-rules/:id',
    {
      config: { access: 'admin', audit: auditOf('stay-rule.update') },
      schema: {
        tags: ['admin', ...tags],
        params: idParamSchema,
        body: stayRuleInputSchema,
        response: { 200: stayRuleSchema },
      },
    },
    async (request) => updateRule(request.db, request.params.id, request.body),
  );
  app.delete(
    '/api/admin/stay-rules/:id',
    {
      config: { access: 'admin', audit: auditOf('stay-rule.delete') },
      schema: { tags: ['admin', ...tags], params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteRule(request.db, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/properties/:id/stay-rules',
    {
      config: { access: 'signed-in' },
      schema: { tags, params: idParamSchema, response: { 200: z.array(stayRuleTermsSchema) } },
    },
    async (request) => rulesInForce(app.db, request.params.id),
  );
};
