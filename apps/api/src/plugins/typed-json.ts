import type { FastifyReply } from 'fastify';

/**
 * Sends `answer` with JSON.stringify, without the route's zod encode. For the lists that grow
 * with a school: on a 2,000-student export the encode cost twice the stringify and as much as
 * the query. The route still declares its response schema (the contract, /api/docs), and the
 * service builds `answer` field by field in that schema's type; a test per route holds the
 * bytes to the schema (parsed with it and written again they come back unchanged: no field
 * missing or extra, same order). Everywhere else the encode stays: it is the safety net for
 * answers assembled from wider rows.
 */
export const sendTypedJson = <Answer>(reply: FastifyReply, answer: Answer) =>
  reply.type('application/json; charset=utf-8').send(JSON.stringify(answer));
