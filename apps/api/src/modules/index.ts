import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/routes';
import classRoutes from './classes/routes';
import schoolRoutes from './schools/routes';
import staffRoutes from './staff/routes';
import studentRoutes from './students/routes';

/** Every domain's routes, mounted under /api. A new domain adds one line here. */
export const domainRoutes: FastifyPluginAsync[] = [
  authRoutes,
  schoolRoutes,
  classRoutes,
  staffRoutes,
  studentRoutes,
];
