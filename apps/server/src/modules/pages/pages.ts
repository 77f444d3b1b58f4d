import {
  CONTACT_FORM,
  companyInfoSchema,
  contactInquirySchema,
  currentUserSchema,
  featuredPropertySchema,
  publicWhiteLabelSchema,
} from '@villas/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import type { PageForm, ServerPage } from '../../plugins/web';
import { createInquiry, INQUIRY_FORM_LIMIT, type InquiryInput } from '../inquiries/inquiries.service';
import { getFeaturedProperty } from '../properties/properties.service';
import { publicCollection } from '../white-label/white-label.service';

/**
 * An answer as its API route sends it: through the route's response schema (only its fields) and
 * JSON, so the page is rendered from, and the browser's cache seeded with, what the API would answer.
 */
const asSent = <S extends z.ZodType>(schema: S, value: unknown): unknown =>
  JSON.parse(JSON.stringify(schema.parse(value)));

/** null for the not-found answer a page expects (no featured villa yet, a link that is not live). */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof NotFoundError) return null;
    throw err;
  }
}

/**
 * The public pages the server renders as HTML, so their first paint needs no JavaScript:
 * the landing page, /about and /company-info through the web app's router, and a white-label link's
 * page through its own small app. Each is rendered from the API answers its first screen reads, keyed
 * by their URL (the web app's query keys), as the visitor would get them: a signed-in user gets the
 * app's navigation. The browser hydrates the page from the same answers, without asking again.
 */
export function serverPages(app: FastifyInstance): ServerPage[] {
  /** What every page of the app reads: GET /api/company and GET /api/auth/user (null: signed out). */
  const appQueries = (request: FastifyRequest) => ({
    '/api/company': asSent(companyInfoSchema, app.config.company),
    '/api/auth/user': request.user ? asSent(currentUserSchema, request.user) : null,
  });

  /**
   * The landing's contact form posted without JavaScript: the contact shape of POST /api/inquiries,
   * its schema, its limit and its service (a signed-in sender is recorded as the JSON route does).
   */
  const contactForm: PageForm = {
    name: CONTACT_FORM,
    fields: ['firstName', 'lastName', 'email', 'inquiryType', 'message'],
    schema: contactInquirySchema,
    limit: app.formLimit(INQUIRY_FORM_LIMIT),
    submit: async (request, input) => {
      await createInquiry(app.db, input as InquiryInput, request.user);
    },
  };

  return [
    {
      path: '/',
      app: 'main',
      form: contactForm,
      load: async (request) => {
        const featured = await orNull(getFeaturedProperty(app.db));
        return {
          queries: {
            ...appQueries(request),
            '/api/properties/featured': featured && asSent(featuredPropertySchema, featured),
          },
        };
      },
    },
    { path: '/about', app: 'main', load: async (request) => ({ queries: appQueries(request) }) },
    { path: '/company-info', app: 'main', load: async (request) => ({ queries: appQueries(request) }) },
    {
      // Read without counting a view: a link preview fetched by a messaging app is not a client. The
      // page counts the client's view from the browser, through GET /api/white-label/{uuid}.
      path: '/white-label/:uuid',
      app: 'collection',
      load: async (request) => {
        const { uuid } = request.params as { uuid: string };
        const found = await orNull(publicCollection(app.db, uuid));
        return {
          queries: {
            [`/api/white-label/${encodeURIComponent(uuid)}`]:
              found && asSent(publicWhiteLabelSchema, found.answer),
          },
          // 'Link Not Found' is answered as what it is.
          status: found ? 200 : 404,
        };
      },
    },
  ];
}
