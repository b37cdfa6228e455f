import type { ApiErrorBody } from '@shule/shared/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** How many API requests run at once, and how long one may wait for its turn. */
export interface LoadLimits {
  maxInFlight: number;
  maxWaitMs: number;
}

/** A burst is over in seconds: the client tries again soon, not all at once a minute later. */
const RETRY_AFTER_SECONDS = 5;

export const BUSY_MESSAGE = 'Shule is busy right now: please try again in a few seconds.';

/**
 * Bounds the wait for an answer under a burst. PGlite is one connection: every
 * query of every request runs after the ones before it, so 200 exports at once answered the
 * last after all the others (11 s for a 220-student school, past 30 s for a large one), and
 * nothing said why. At most `maxInFlight` API requests run at once; the next wait their turn
 * in order, and one still waiting after `maxWaitMs` is answered 503 with Retry-After (and a
 * message to show) instead of waiting on. The SMS gateway's and M-Pesa's callbacks (the routes
 * ending in /:token, PUBLIC_API_ROUTES) are never turned away: they carry payments and
 * delivery reports that the sender may not send again.
 */
export default fp(async function loadShedding(app: FastifyInstance, limits: LoadLimits) {
  let inFlight = 0;
  const waiting: { request: FastifyRequest; start(): void }[] = [];
  const holding = new WeakSet<FastifyRequest>();

  const release = (request: FastifyRequest) => {
    if (!holding.has(request)) return;
    holding.delete(request);
    inFlight -= 1;
    const next = waiting.shift();
    if (next) next.start();
  };
  const take = (request: FastifyRequest) => {
    holding.add(request);
    inFlight += 1;
  };

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    const route = request.routeOptions.url;
    if (!request.url.startsWith('/api/') || route?.endsWith('/:token')) return done();
    if (inFlight < limits.maxInFlight && waiting.length === 0) {
      take(request);
      // PGlite runs a query on this thread and answers it at once, so a request whose queries
      // are all PGlite's ran to its answer without yielding: the next requests waited unread
      // in the socket queue, where no bound could see them. Yielding here reads them first.
      setImmediate(done);
      return;
    }
    const entry = {
      request,
      start: () => {
        clearTimeout(timer);
        take(request);
        setImmediate(done);
      },
    };
    const timer = setTimeout(() => {
      const at = waiting.indexOf(entry);
      // Started meanwhile, or its client went away.
      if (at < 0) return;
      waiting.splice(at, 1);
      reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: BUSY_MESSAGE } satisfies ApiErrorBody);
    }, limits.maxWaitMs);
    waiting.push(entry);
  });
  app.addHook('onResponse', (request, _reply, done) => {
    release(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    const at = waiting.findIndex((w) => w.request === request);
    if (at >= 0) waiting.splice(at, 1);
    release(request);
    done();
  });
});
