import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer. They depend on the options alone (no nonces, no
 * directive computed per request), so Helmet runs once, at start, and each request only sets
 * the headers it gave: @fastify/helmet built a new Helmet middleware per request (parsing the
 * CSP directives again) in two extra hooks, a tenth of a small list's time.
 */
export default fp(async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});

/** The headers Helmet sets with `options`, by running it once on a response that records them. */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const response = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), [name, String(value)]);
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return [...headers.values()];
}
