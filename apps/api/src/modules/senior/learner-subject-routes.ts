import { csvImportRefusedSchema, refusedImport } from '@shule/shared/csv-import';
import { idParam } from '@shule/shared/fields';
import { classSubjectsBody, learnerSubjectsBody } from '@shule/shared/senior';
import {
  CHOICE_IMPORT_MESSAGES,
  choiceImportPreviewSchema,
  choiceImportQuery,
  choiceImportResultSchema,
  classSubjectsResponse,
  learnerSubjectsResponse,
} from '@shule/shared/senior-choices';
import { MAX_IMPORT_BYTES } from '@shule/shared/student-import';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readCsvUpload } from '../../csv-upload';
import { assertMayReadClass, readableClasses } from '../teaching/index';
import { importChoices, previewChoiceImport } from './learner-subject-import';
import {
  readClassSubjects,
  readLearnerSubjects,
  setClassSubjects,
  setLearnerSubjects,
} from './learner-subjects';

const tags = ['senior'];
const params = z.object({ id: idParam });
const actorOf = (request: FastifyRequest) => ({
  schoolId: request.schoolId(),
  userId: request.user.id,
  address: request.ip,
});

/** Each learner's senior-school subjects: staff read (a teacher, their classes'), an admin sets them. */
const learnerSubjectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/students/:id/subjects/',
    {
      config: { access: 'staff' },
      schema: { params, response: { 200: learnerSubjectsResponse }, tags },
    },
    async (request) => {
      const readable = await readableClasses(app.db, request.user, request.schoolId());
      return readLearnerSubjects(app.db, request.schoolId(), request.params.id, (classId) =>
        assertMayReadClass(readable, classId),
      );
    },
  );

  app.put(
    '/students/:id/subjects/',
    {
      config: { access: 'admin' },
      schema: {
        params,
        body: learnerSubjectsBody,
        response: { 200: learnerSubjectsResponse },
        tags,
      },
    },
    async (request) =>
      setLearnerSubjects(app.db, actorOf(request), request.params.id, request.body),
  );

  app.get(
    '/classes/:id/subjects/',
    {
      config: { access: 'staff' },
      schema: { params, response: { 200: classSubjectsResponse }, tags },
    },
    async (request) => {
      const answer = await readClassSubjects(app.db, request.schoolId(), request.params.id);
      assertMayReadClass(
        await readableClasses(app.db, request.user, request.schoolId()),
        answer.class.id,
      );
      return answer;
    },
  );

  app.put(
    '/classes/:id/subjects/',
    {
      config: { access: 'admin' },
      schema: { params, body: classSubjectsBody, response: { 200: classSubjectsResponse }, tags },
    },
    async (request) =>
      setClassSubjects(app.db, actorOf(request), request.params.id, request.body.students),
  );

  app.post(
    '/senior/choices/import/',
    {
      config: { access: 'admin' },
      schema: {
        querystring: choiceImportQuery,
        response: {
          200: choiceImportPreviewSchema,
          201: choiceImportResultSchema,
          400: csvImportRefusedSchema,
        },
        tags,
      },
    },
    async (request, reply) => {
      const { text } = await readCsvUpload(request, {
        maxBytes: MAX_IMPORT_BYTES,
        what: 'The file',
        missing: CHOICE_IMPORT_MESSAGES.missingFile,
      });
      if (request.query.preview)
        return reply.send(await previewChoiceImport(app.db, request.schoolId(), text));
      const outcome = await importChoices(app.db, actorOf(request), text);
      if ('imported' in outcome) return reply.status(201).send(outcome.imported);
      return reply.status(400).send(refusedImport(outcome.refused, CHOICE_IMPORT_MESSAGES));
    },
  );
};

export default learnerSubjectRoutes;
