import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAY_HEADER,
  isIdempotencyKey,
} from '@shule/shared/idempotency';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/index';
import { DomainError, invalid } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes an Idempotency-Key header: a repeat of the same request with the same key
     * within 24 hours gets the first answer and runs nothing (docs/decisions/012).
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key row this request claimed, to be answered or released when it is sent. */
    idempotencyClaim: number | null;
  }
}

/** How long a repeat waits for the first request with its key to be answered. */
const WAIT_FOR_FIRST_MS = 5_000;
const POLL_MS = 50;
const keyHeader = IDEMPOTENCY_HEADER.toLowerCase();
const expired = sql`now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`;

/** What the key promises to repeat: the route, its path and query parameters and the parsed body. */
const requestHash = (request: FastifyRequest) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        request.method,
        request.routeOptions.url,
        request.params ?? null,
        request.query ?? null,
        request.body ?? null,
      ]),
    )
    .digest('base64url');

/**
 * Takes the key for this request in one statement: a new key, or one whose answer is older than
 * 24 hours. The unique (user, key) index makes two requests arriving together take turns, so
 * only one of them claims it.
 */
async function claim(
  db: Db,
  who: { userId: number; schoolId: number | null },
  key: string,
  hash: string,
) {
  const [row] = await db
    .insert(idempotencyKeys)
    .values({ userId: who.userId, schoolId: who.schoolId, key, requestHash: hash })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: {
        schoolId: who.schoolId,
        requestHash: hash,
        statusCode: null,
        contentType: null,
        responseBody: null,
        createdAt: sql`now()`,
      },
      setWhere: lt(idempotencyKeys.createdAt, expired),
    })
    .returning({ id: idempotencyKeys.id });
  return row?.id;
}

function replay(
  reply: FastifyReply,
  first: { statusCode: number; contentType: string | null; responseBody: string | null },
) {
  return reply
    .code(first.statusCode)
    .header(IDEMPOTENT_REPLAY_HEADER, 'true')
    .type(first.contentType ?? 'application/json; charset=utf-8')
    .send(Buffer.from(first.responseBody ?? ''));
}

/**
 * Before the handler (after the route's role check and schema): without the header nothing
 * changes; with it, the first request claims the key and runs, a repeat of it waits for its
 * answer and gets it again, and the same key with another request answers 409.
 */
function claimOrReplay(db: Db): preHandlerHookHandler {
  return async function claimOrReplay(request, reply) {
    const header = request.headers[keyHeader];
    if (header === undefined) return;
    if (!isIdempotencyKey(header)) throw invalid(IDEMPOTENCY_HEADER, IDEMPOTENCY_MESSAGES.key);
    const key = header;
    const who = { userId: request.user.id, schoolId: request.user.schoolId };
    const hash = requestHash(request);
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const claimed = await claim(db, who, key, hash);
      if (claimed !== undefined) {
        request.idempotencyClaim = claimed;
        return;
      }
      const [first] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, who.userId), eq(idempotencyKeys.key, key)));
      // Gone between the two statements (its request failed and let it go): claim it again.
      if (!first) continue;
      if (first.requestHash !== hash) {
        throw new DomainError(IDEMPOTENCY_MESSAGES.otherBody, 409, {
          code: 'idempotency_key_reused',
        });
      }
      if (first.statusCode !== null) {
        return replay(reply, { ...first, statusCode: first.statusCode });
      }
      if (Date.now() >= deadline) {
        reply.header('retry-after', '1');
        throw new DomainError(IDEMPOTENCY_MESSAGES.inProgress, 409, {
          code: 'idempotency_in_progress',
        });
      }
      await sleep(POLL_MS);
    }
  };
}

const isJson = (contentType: unknown) =>
  typeof contentType === 'string' && contentType.startsWith('application/json');

/**
 * Registered before compression, so its onSend sees the answer's bytes as serialized. A success
 * is kept for the key; any other answer lets the key go, so the same form can be sent again
 * once corrected (a refused request wrote nothing).
 */
export default fp(async function idempotency(app: FastifyInstance) {
  app.decorateRequest('idempotencyClaim', null);

  const preHandler = claimOrReplay(app.db);
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), preHandler];
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const id = request.idempotencyClaim;
    if (id === null) return payload;
    request.idempotencyClaim = null;
    const contentType = reply.getHeader('content-type');
    const ok = reply.statusCode >= 200 && reply.statusCode < 300;
    if (ok && isJson(contentType) && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
      await app.db
        .update(idempotencyKeys)
        .set({
          statusCode: reply.statusCode,
          contentType: String(contentType),
          responseBody: payload.toString(),
        })
        .where(eq(idempotencyKeys.id, id));
    } else {
      await app.db.delete(idempotencyKeys).where(eq(idempotencyKeys.id, id));
    }
    return payload;
  });
});

/** Forgets keys older than 24 hours (their answers hold personal data); answers how many. */
export async function pruneIdempotencyKeys(db: Db) {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, expired))
    .returning({ id: idempotencyKeys.id });
  return gone.length;
}
