import {
  capitationBody,
  capitationResponse,
  createSponsorBody,
  sponsorListResponse,
  sponsorSchema,
  sponsorStatementResponse,
} from '@shule/shared/fee-ledger';
import { idParam } from '@shule/shared/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSponsor, listSponsors, recordCapitation, sponsorStatement } from './sponsors';

const idParams = z.object({ id: idParam });

/**
 * Who pays beside parents: GET/POST /api/fees/sponsors/, a sponsor's statement
 * GET /api/fees/sponsors/{id}/statement/, and the government's capitation for whole classes
 * POST /api/fees/capitation/.
 */
const sponsorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/fees/sponsors/',
    {
      config: { access: 'admin' },
      schema: { response: { 200: sponsorListResponse }, tags: ['fees'] },
    },
    async (request) => ({ sponsors: await listSponsors(app.db, request.schoolId()) }),
  );

  app.post(
    '/fees/sponsors/',
    {
      config: { access: 'admin' },
      schema: { body: createSponsorBody, response: { 201: sponsorSchema }, tags: ['fees'] },
    },
    async (request, reply) =>
      reply.status(201).send(await createSponsor(app.db, request.schoolId(), request.body)),
  );

  app.get(
    '/fees/sponsors/:id/statement/',
    {
      config: { access: 'admin' },
      schema: { params: idParams, response: { 200: sponsorStatementResponse }, tags: ['fees'] },
    },
    (request) => sponsorStatement(app.db, request.schoolId(), request.params.id),
  );

  app.post(
    '/fees/capitation/',
    {
      config: { idempotent: true, access: 'admin' },
      schema: { body: capitationBody, response: { 201: capitationResponse }, tags: ['fees'] },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await recordCapitation(app.db, request.schoolId(), request.body, request.user.id)),
  );
};

export default sponsorRoutes;
