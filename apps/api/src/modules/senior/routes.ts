import {
  combinationListResponse,
  combinationSchema,
  createCombinationBody,
  pathwaysResponse,
} from '@shule/shared/senior';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import learnerSubjectRoutes from './learner-subject-routes';
import {
  addDefaultPathways,
  createCombination,
  listPathways,
  selectCombinations,
} from './pathways';

const tags = ['senior'];

/** Senior school's pathways and the school's approved combinations: staff read, an admin writes. */
const seniorRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(learnerSubjectRoutes);

  app.get(
    '/senior/pathways/',
    { config: { access: 'staff' }, schema: { response: { 200: pathwaysResponse }, tags } },
    async (request) => listPathways(app.db, request.schoolId()),
  );

  app.post(
    '/senior/pathways/defaults/',
    { config: { access: 'admin' }, schema: { response: { 200: pathwaysResponse }, tags } },
    async (request) =>
      app.db.transaction(async (tx) => {
        await addDefaultPathways(tx, request.schoolId());
        return listPathways(tx, request.schoolId());
      }),
  );

  app.get(
    '/senior/combinations/',
    { config: { access: 'staff' }, schema: { response: { 200: combinationListResponse }, tags } },
    async (request) => ({ combinations: await selectCombinations(app.db, request.schoolId()) }),
  );

  app.post(
    '/senior/combinations/',
    {
      config: { access: 'admin' },
      schema: { body: createCombinationBody, response: { 201: combinationSchema }, tags },
    },
    async (request, reply) =>
      reply.status(201).send(await createCombination(app.db, request.schoolId(), request.body)),
  );
};

export default seniorRoutes;
