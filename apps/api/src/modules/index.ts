import type { FastifyPluginAsync } from 'fastify';
import academicYearRoutes from './academic-years/routes';
import authRoutes from './auth/routes';
import classRoutes from './classes/routes';
import examRoutes from './exams/routes';
import gradeRoutes from './grades/routes';
import schoolRoutes from './schools/routes';
import scoreRoutes from './scores/routes';
import staffRoutes from './staff/routes';
import studentRoutes from './students/routes';
import subjectGradeRoutes from './subject-grades/routes';
import subjectRoutes from './subjects/routes';
import termRoutes from './terms/routes';
import uploadRoutes from './uploads/routes';

/** Every domain's routes, mounted under /api. A new domain adds one line here. */
export const domainRoutes: FastifyPluginAsync[] = [
  authRoutes,
  schoolRoutes,
  classRoutes,
  staffRoutes,
  studentRoutes,
  gradeRoutes,
  subjectRoutes,
  subjectGradeRoutes,
  academicYearRoutes,
  termRoutes,
  examRoutes,
  scoreRoutes,
  uploadRoutes,
];
