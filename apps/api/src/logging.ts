import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

/**
 * What the logs may hold. A school's logs leave the school (a hosting provider, a support
 * ticket), so they carry no personal data: no body, no query string (a search is a child's
 * name), no parameter of a failed query (a name, a birth date, a parent's phone), no secret.
 * See docs/decisions/011-bounded-input-logs-and-housekeeping.md.
 */

/** Secrets, wherever a log object would carry them; pino writes "[redacted]" instead. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  ...['password', 'current_password', 'new_password', 'repeat_password', 'secret'].flatMap(
    (key) => [key, `*.${key}`],
  ),
  ...['token', 'tokens', 'access', 'refresh'].flatMap((key) => [key, `*.${key}`]),
];

/** A request as the log names it: its method and route pattern, never its URL. */
export const serializeRequest = (request: FastifyRequest) => ({
  method: request.method,
  route: request.routeOptions?.url ?? 'unmatched',
});

const MAX_CAUSES = 5;

/** The frames of a stack without its first lines, which repeat the message. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : undefined;

/** A quoted value in a database message ('invalid input syntax for type date: "2014-13-01"'). */
const QUOTED = /"[^"]*"|'[^']*'/g;

/** An error of PostgreSQL (pg or PGlite): a five-character SQLSTATE and a severity. */
const isDatabaseError = (err: Record<string, unknown>) =>
  typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && 'severity' in err;

const pick = (err: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => err[k] !== undefined).map((k) => [k, err[k]]));

/**
 * An error as the log keeps it. A failed query keeps its SQL text (placeholders only), the
 * database's error code and the names it gives (table, column, constraint, position), and drops
 * what carries values: drizzle's message ("Failed query: … params: …") and `params`, the
 * driver's `params`/`parameters`, `detail` ("Key (phone)=(07…)"), `where`, and quoted values in
 * the driver's message. Other errors keep their message and stack.
 */
export function serializeError(err: unknown, depth = 0): Record<string, unknown> {
  if (typeof err !== 'object' || err === null) return { type: typeof err, message: String(err) };
  const e = err as Record<string, unknown>;
  const type = (e.constructor as { name?: string } | undefined)?.name ?? 'Error';
  const cause =
    e.cause !== undefined && depth < MAX_CAUSES ? serializeError(e.cause, depth + 1) : undefined;
  const sql = typeof e.query === 'string' ? e.query : undefined;

  if (isDatabaseError(e)) {
    return {
      type: 'DatabaseError',
      message: typeof e.message === 'string' ? e.message.replace(QUOTED, '"…"') : undefined,
      ...pick(e, ['code', 'severity', 'schema', 'table', 'column', 'dataType', 'constraint']),
      ...pick(e, ['position', 'routine']),
      ...(sql ? { sql } : {}),
      stack: framesOf(e.stack),
      ...(cause ? { cause } : {}),
    };
  }
  if (sql !== undefined || 'params' in e || 'parameters' in e) {
    // drizzle's DrizzleQueryError: the statement, and the driver's error as its cause (PGlite's
    // carries the statement again).
    if (cause?.sql === sql) delete cause?.sql;
    return { type, ...(sql ? { sql } : {}), stack: framesOf(e.stack), ...(cause ? { cause } : {}) };
  }
  return {
    type,
    message: typeof e.message === 'string' ? e.message : String(err),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    stack: typeof e.stack === 'string' ? e.stack : undefined,
    ...(cause ? { cause } : {}),
  };
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The logger of the server: level, serializers and redaction; `stream` for a test to read. */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): LoggerOptions {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: serializeRequest as never,
      err: serializeError as never,
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * Fastify's request lines, rewritten: one line per answered request (not "incoming" and
 * "completed", which carry the URL) with the method, route pattern, status, time in ms and the
 * school, beside the request id pino binds (`reqId`); a route not found names no URL either.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      school: request.user?.schoolId ?? undefined,
    };
    if (error) request.log.error({ ...line, err: error }, 'request');
    else request.log.info(line, 'request');
  }

  override routeNotFound(request: FastifyRequest) {
    request.log.info({ method: request.method, route: 'unmatched', status: 404 }, 'no route');
  }
}
