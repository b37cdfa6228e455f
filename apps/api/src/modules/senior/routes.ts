import { noContent } from '@shule/shared/api';
import { idParam } from '@shule/shared/fields';
import {
  combinationListResponse,
  combinationSchema,
  createCombinationBody,
  pathwaysResponse,
  seniorSettingsSchema,
  updateCombinationBody,
} from '@shule/shared/senior';
import {
  addSeniorSubjectBody,
  createTrackBody,
  updatePathwayBody,
  updateTrackBody,
} from '@shule/shared/senior-setup';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addSeniorSubjectAreas } from '../cbc/index';
import { readSeniorSettings } from './choices';
import groupRoutes from './group-routes';
import kjseaRoutes from './kjsea-routes';
import learnerSubjectRoutes from './learner-subject-routes';
import {
  addDefaultPathways,
  createCombination,
  listPathways,
  selectCombinations,
} from './pathways';
import {
  addSeniorSubject,
  createTrack,
  deleteCombination,
  deleteTrack,
  removeSeniorSubject,
  renameTrack,
  saveSeniorSettings,
  updateCombination,
  updatePathway,
} from './setup';

const params = z.object({ id: idParam });

const tags = ['senior'];

/**
 * Senior school's pathways and the school's approved combinations (staff read, an admin writes),
 * and the learners' KJSEA results and entry list (kjsea-routes.ts).
 */
const seniorRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(kjseaRoutes);
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
        await addSeniorSubjectAreas(tx, request.schoolId());
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

  app.patch(
    '/senior/combinations/:id/',
    {
      config: { access: 'admin' },
      schema: { params, body: updateCombinationBody, response: { 200: combinationSchema }, tags },
    },
    async (request) =>
      updateCombination(app.db, request.schoolId(), request.params.id, request.body),
  );

  app.delete(
    '/senior/combinations/:id/',
    { config: { access: 'admin' }, schema: { params, response: { 204: noContent }, tags } },
    async (request, reply) => {
      await deleteCombination(app.db, request.schoolId(), request.params.id);
      return reply.status(204).send();
    },
  );

  // Each change to the pathways answers the whole list again, as GET does.
  const pathwaysNow = (schoolId: number) => listPathways(app.db, schoolId);

  app.patch(
    '/senior/pathways/:id/',
    {
      config: { access: 'admin' },
      schema: { params, body: updatePathwayBody, response: { 200: pathwaysResponse }, tags },
    },
    async (request) => {
      await updatePathway(app.db, request.schoolId(), request.params.id, request.body);
      return pathwaysNow(request.schoolId());
    },
  );

  app.post(
    '/senior/tracks/',
    {
      config: { access: 'admin' },
      schema: { body: createTrackBody, response: { 201: pathwaysResponse }, tags },
    },
    async (request, reply) => {
      await createTrack(app.db, request.schoolId(), request.body);
      return reply.status(201).send(await pathwaysNow(request.schoolId()));
    },
  );

  app.patch(
    '/senior/tracks/:id/',
    {
      config: { access: 'admin' },
      schema: { params, body: updateTrackBody, response: { 200: pathwaysResponse }, tags },
    },
    async (request) => {
      await renameTrack(app.db, request.schoolId(), request.params.id, request.body.name);
      return pathwaysNow(request.schoolId());
    },
  );

  app.delete(
    '/senior/tracks/:id/',
    { config: { access: 'admin' }, schema: { params, response: { 200: pathwaysResponse }, tags } },
    async (request) => {
      await deleteTrack(app.db, request.schoolId(), request.params.id);
      return pathwaysNow(request.schoolId());
    },
  );

  app.post(
    '/senior/subjects/',
    {
      config: { access: 'admin' },
      schema: { body: addSeniorSubjectBody, response: { 201: pathwaysResponse }, tags },
    },
    async (request, reply) => {
      await addSeniorSubject(app.db, request.schoolId(), request.body);
      return reply.status(201).send(await pathwaysNow(request.schoolId()));
    },
  );

  app.delete(
    '/senior/subjects/:id/',
    { config: { access: 'admin' }, schema: { params, response: { 200: pathwaysResponse }, tags } },
    async (request) => {
      await removeSeniorSubject(app.db, request.schoolId(), request.params.id);
      return pathwaysNow(request.schoolId());
    },
  );

  app.get(
    '/senior/settings/',
    { config: { access: 'staff' }, schema: { response: { 200: seniorSettingsSchema }, tags } },
    async (request) => readSeniorSettings(app.db, request.schoolId()),
  );

  app.put(
    '/senior/settings/',
    {
      config: { access: 'admin' },
      schema: { body: seniorSettingsSchema, response: { 200: seniorSettingsSchema }, tags },
    },
    async (request) =>
      saveSeniorSettings(
        app.db,
        request.schoolId(),
        { userId: request.user.id, address: request.ip },
        request.body,
      ),
  );
  await app.register(groupRoutes);
};

export default seniorRoutes;
