import type { FastifyReply } from 'fastify';

/**
 * Sends `answer` as JSON without the route's zod encode. For the lists that grow with a school:
 * on a 2,000-student export the encode cost twice the stringify and as much as the query. The
 * route still declares its response schema (the contract, /api/docs), and the service builds
 * `answer` field by field in that schema's type; a test per route holds the bytes to the schema
 * (parsed with it and written again they come back unchanged: no field missing or extra, same
 * order). Everywhere else the encode stays: it is the safety net for answers assembled from
 * wider rows.
 */
export const sendTypedJson = <Answer>(reply: FastifyReply, answer: Answer) =>
  reply.type('application/json; charset=utf-8').send(jsonBytes(answer));

/**
 * The bytes of JSON.stringify(value), written without ever holding them as one string. V8
 * builds a long JSON.stringify result out of 16 K pieces, and the first reader of that string
 * (the compression plugin's byte count) has to copy it whole into a new large object, then
 * Buffer.from encodes it into another: on a level's merit list (650 KB) those two copies cost
 * more than the stringify itself, mostly in page faults on fresh memory. Here each element of
 * the answer's lists is stringified on its own (a short string) and written straight into the
 * one buffer sent.
 */
export function jsonBytes(value: unknown): Buffer {
  // A short answer (a page of a list) is quicker in one piece: V8 keeps a string that size in
  // its ordinary pages, and copying it is cheap.
  if (estimatedLength(value) < ONE_PIECE_MAX_CHARS) return Buffer.from(JSON.stringify(value));
  const parts: string[] = [];
  pushJson(parts, value, true);
  let length = 0;
  for (const part of parts) length += Buffer.byteLength(part);
  const bytes = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const part of parts) offset += bytes.write(part, offset);
  return bytes;
}

/** Above this, V8 makes a string a large object of its own (fresh memory). */
const ONE_PIECE_MAX_CHARS = 128 * 1024;

/** About how long the JSON of `value` is, from the first element of each of its lists. */
function estimatedLength(value: unknown): number {
  const lists = Array.isArray(value)
    ? [value]
    : isPlainObject(value)
      ? Object.values(value).filter(Array.isArray)
      : [];
  let length = 0;
  for (const list of lists) {
    if (list.length > 0) length += (JSON.stringify(list[0])?.length ?? 4) * list.length;
  }
  return length;
}

/** Pushes the JSON of `value` as pieces: the top level's lists and their elements apart. */
function pushJson(parts: string[], value: unknown, top: boolean) {
  if (Array.isArray(value)) {
    parts.push('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) parts.push(',');
      // JSON.stringify writes undefined, functions and symbols in a list as null.
      parts.push(JSON.stringify(value[i]) ?? 'null');
    }
    parts.push(']');
    return;
  }
  if (!top || !isPlainObject(value)) {
    parts.push(JSON.stringify(value));
    return;
  }
  parts.push('{');
  let first = true;
  for (const key of Object.keys(value)) {
    const field = value[key];
    // JSON.stringify leaves out fields that have no JSON (undefined, functions, symbols).
    if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
    parts.push(first ? `${JSON.stringify(key)}:` : `,${JSON.stringify(key)}:`);
    first = false;
    pushJson(parts, field, false);
  }
  parts.push('}');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return (proto === Object.prototype || proto === null) && !('toJSON' in value);
}
