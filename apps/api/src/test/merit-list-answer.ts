import type { MeritList } from '@shule/shared/results/merit-list';
import { packedMeritListResponse, unpackMeritList } from '@shule/shared/results/merit-list-packed';
import type { LightMyRequestResponse } from 'fastify';

/** The merit list a GET /api/exams/{id}/merit_list/ answer stands for, as the web app reads it. */
export const meritListOf = (res: LightMyRequestResponse): MeritList =>
  unpackMeritList(packedMeritListResponse.parse(res.json()));
