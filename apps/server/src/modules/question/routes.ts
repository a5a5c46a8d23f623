import type { FastifyInstance } from 'fastify';
import type { Db } from '../../core/db/client.ts';
import { libraryRoutes } from './library.routes.ts';
import { questionRoutes } from './question.routes.ts';

/** The question bank's calls beside the factory's CRUD (SPEC §7 question, question_lib). */
export function questionModuleRoutes(app: FastifyInstance, db: Db): void {
  libraryRoutes(app, db);
  questionRoutes(app, db);
}
