import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer, the frame headers (CSP frame-ancestors,
 * X-Frame-Options) included: a page, a 404, an error. They depend on the options alone (no
 * nonces, no directive computed per request), so Helmet runs once, at start, and each request
 * only sets the headers it gave: @fastify/helmet built a new Helmet middleware per request
 * (parsing the CSP directives again) in two extra hooks, a tenth of a small list's time.
 * A built asset file, once found, drops the document-only ones (`dropDocumentHeaders`): by
 * the file served, never by its path, so no unknown path under /assets/ goes without them.
 */
export default fp(async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});

/** For a built script, style or font being sent (plugins/spa.ts): no document-only headers. */
export function dropDocumentHeaders(reply: FastifyReply) {
  for (const name of DOCUMENT_ONLY) reply.raw.removeHeader(name);
}

/**
 * Headers a browser reads only on a document (a page or a frame), never on the scripts, styles
 * and fonts it loads into one: about 560 bytes a response, which the nine assets of the first
 * load paid on a phone for nothing (the first load's 150 kB budget, held by apps/web/src/first-load.test.ts). Every other answer keeps them all.
 * The web app has no workers, whose scripts a CSP would govern.
 */
const DOCUMENT_ONLY = new Set([
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

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
