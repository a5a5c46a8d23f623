import type { TokenService } from '../../core/auth/tokens.ts';
import type { Db } from '../../core/db/client.ts';
import type { TypedApp } from '../../core/http/typed-app.ts';
import { clazzRoutes } from './clazz/clazz.routes.ts';
import { flagRoutes } from './flag/flag.routes.ts';
import { calendarRoutes } from './schoolyear/calendar.routes.ts';
import { studentExcelRoutes } from './student/student.excel.routes.ts';
import { studentRoutes } from './student/student.routes.ts';
import { teacherExcelRoutes } from './teacher/teacher.excel.routes.ts';
import { teacherRoutes } from './teacher/teacher.routes.ts';

/** 教务's calls beside the factory's CRUD (the SPEC's "Exam service", §7, under `/api/exam/pc`). */
export function academicRoutes(app: TypedApp, deps: { db: Db; tokens: TokenService }): void {
  const { db, tokens } = deps;
  calendarRoutes(app, db);
  clazzRoutes(app, db);
  studentRoutes(app, db, tokens);
  studentExcelRoutes(app, db);
  teacherRoutes(app, db, tokens);
  teacherExcelRoutes(app, db);
  flagRoutes(app, db);
}
