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
  const assetHeaders = headers.filter(([name]) => !DOCUMENT_ONLY.has(name.toLowerCase()));
  app.addHook('onRequest', (request, reply, done) => {
    const own = request.url.startsWith(HASHED_ASSETS) ? assetHeaders : headers;
    for (const [name, value] of own) reply.raw.setHeader(name, value);
    done();
  });
});

/** Where the web app's built scripts, styles and fonts are served (apps/api/src/plugins/spa.ts). */
const HASHED_ASSETS = '/assets/';

/**
 * Headers a browser reads only on a document (a page or a frame), never on the scripts, styles
 * and fonts it loads into one: about 560 bytes a response, which the nine assets of the first
 * load paid on a phone for nothing (issue 7's 150 kB budget). Every other answer keeps them all.
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
