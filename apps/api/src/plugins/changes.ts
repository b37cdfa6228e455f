import { isNothingToChange, NOTHING_TO_CHANGE_MESSAGE } from '@shule/shared/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { invalid } from '../errors';

const isRoutedPatch = (request: FastifyRequest) =>
  request.method === 'PATCH' && request.routeOptions.url !== undefined;

/**
 * Every PATCH route refuses a change that names nothing with 400 "Nothing to change", whatever
 * its body schema, so a route added tomorrow inherits it: an absent or empty body before the
 * schema reads it (a schema's own "required" message would hide the real mistake), and after
 * validation a body whose every field the schema dropped or left unset.
 */
export default fp(async function changes(app: FastifyInstance) {
  const refuseEmptyPatch = async (request: FastifyRequest) => {
    if (isRoutedPatch(request) && isNothingToChange(request.body)) {
      throw invalid('_', NOTHING_TO_CHANGE_MESSAGE);
    }
  };
  app.addHook('preValidation', refuseEmptyPatch);
  app.addHook('preHandler', refuseEmptyPatch);
});
