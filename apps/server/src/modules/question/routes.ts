import type { Db } from '../../core/db/client.ts';
import type { FileStore } from '../../core/files/file-store.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { libraryRoutes } from './library.routes.ts';
import { questionRoutes } from './question.routes.ts';
import { questionTransferRoutes } from './question.transfer.routes.ts';

/** The question bank's calls beside the factory's CRUD (SPEC §7 question, question_lib). */
export function questionModuleRoutes(app: TypedApp, deps: { db: Db; files: FileStore }): void {
  libraryRoutes(app, deps.db);
  questionRoutes(app, deps.db);
  questionTransferRoutes(app, deps);
}
