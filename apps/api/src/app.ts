import zlib, { type BrotliOptions } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { MAX_UPLOAD_BYTES } from '@shule/shared/uploads';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { HelmetOptions } from 'helmet';
import type { Config } from './config';
import type { Db } from './db/client';
import { RequestLog } from './logging';
import { liveSessionVersion } from './modules/auth/sessions';
import { isPublicRoute, protectedDomainRoutes, publicDomainRoutes } from './modules/index';
import uploadedFiles from './modules/uploads/files';
import { enforceAccess } from './plugins/access';
import auth from './plugins/auth';
import changes from './plugins/changes';
import errors from './plugins/errors';
import idempotency from './plugins/idempotency';
import loadShedding from './plugins/load-shedding';
import securityHeaders from './plugins/security-headers';
import spa from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
  }
}

export interface AppOptions {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Called for every route as it is added (the tests list them). */
  onRoute?: (route: RouteOptions) => void;
}

/** Helmet's options: its defaults, with images from data: and blob: URLs (photo previews). */
export const SECURITY_HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      'img-src': ["'self'", 'data:', 'blob:'],
      'upgrade-insecure-requests': null,
    },
  },
};

const HEADERS_TIMEOUT_MS = 20_000;

export async function buildApp({ config, db, logger = false, onRoute }: AppOptions) {
  const app = Fastify({
    logger,
    // One line per request without its URL: logs hold no personal data (logging.ts).
    logController: new RequestLog(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A client that sends its request slowly, or stops halfway, is answered 408 and its
    // connection closed: the whole request within requestTimeout (a 5 MB photo over a slow
    // phone link fits in the default 120 s), the headers within 20 s. Node checks every
    // connection's clock each second (its default, 30 s, would let one run half a minute over).
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.requestTimeoutMs),
      connectionsCheckingInterval: 1000,
    },
  }).withTypeProvider<ZodTypeProvider>();

  if (onRoute) app.addHook('onRoute', onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  app.decorate('config', config);

  await app.register(securityHeaders, SECURITY_HEADERS);
  // A burst waits its turn, for a bounded time (a 503 with Retry-After after it).
  await app.register(loadShedding, config.load);
  // Before compression: it keeps an answer's bytes as serialized, for a repeat of its request.
  await app.register(idempotency);
  // Brotli or gzip for whatever the client accepts, above 1 KB (smaller answers fit one packet
  // anyway). Only compressible types: JSON, text, SVG; photos (JPEG, PNG) go out as they are,
  // and the built web app's files come precompressed (plugins/spa.ts). Answers up to 1 MB (any
  // page, and the export of a 2,000-student school, 640 KB) are compressed in one call: through
  // a zlib stream (the plugin's default above 8 KB) a 9 KB page cost more than its query, and
  // the export's brotli took 10-17 ms instead of 5. Brotli stays at the plugin's quality 4: a
  // faster level saved ~2 ms on the export but sent 15 KB more (quality 1), which costs far
  // more than that on a phone link. A page of a list (up to 32 KB) takes quality 3: 1-4% more
  // bytes (11 to 55 of them) for a third less time (~35 µs of a 1 ms request: quality 4 sets up
  // a larger hash table on every call).
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    syncThreshold: 1024 * 1024,
    zlib: { ...zlib, brotliCompressSync: brotliBySize },
  });
  await app.register(errors);
  await app.register(changes);
  await app.register(auth, {
    secret: config.jwtSecret,
    liveSessionVersion: (userId, sessionId) => liveSessionVersion(db, userId, sessionId),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Shule API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10 } });
  await app.register(uploadedFiles);

  await app.register(
    async (api) => {
      api.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) {
          if (!isPublicRoute(method, route.url)) {
            throw new Error(`${method} ${route.url} is public but not in PUBLIC_API_ROUTES`);
          }
        }
      });
      for (const routes of publicDomainRoutes) await api.register(routes);
    },
    { prefix: '/api' },
  );
  await app.register(
    async (api) => {
      api.addHook('onRequest', api.authenticate);
      api.addHook('onRoute', enforceAccess(api));
      for (const routes of protectedDomainRoutes) await api.register(routes);
    },
    { prefix: '/api' },
  );

  if (config.webDist) await app.register(spa, { root: config.webDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

const SMALL_ANSWER_BYTES = 32 * 1024;
const SMALL_ANSWER_BROTLI: BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 },
};

/** Brotli at the plugin's options (quality 4), but quality 3 for a small answer. */
const brotliBySize = (buffer: Buffer, options?: BrotliOptions) =>
  zlib.brotliCompressSync(
    buffer,
    buffer.length <= SMALL_ANSWER_BYTES ? SMALL_ANSWER_BROTLI : options,
  );
