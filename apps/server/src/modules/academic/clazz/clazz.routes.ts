import { idSchema, type OrgNode, schoolIdQuerySchema } from '@shixun/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { access, principalOf } from '../../../core/access/guard.ts';
import type { Db } from '../../../core/db/client.ts';
import { ok } from '../../../core/http/envelope.ts';
import { notFound } from '../../../core/http/errors.ts';
import { localeOf } from '../../../core/http/locale.ts';
import type { TypedApp } from '../../../core/http/typed-app.ts';
import { classScope } from '../class-scope.ts';
import { orgTree } from './org-tree.ts';

const base = '/api/exam/pc/clazz';

/** Whoever picks a grade or class: class and student pages, teacher relations. */
const pickers = access.permission(['clazz_view', 'student_view', 'teacher_view']);

/** Grades without their classes (cascader first level). */
const gradesOnly = (nodes: OrgNode[]): OrgNode[] =>
  nodes.map(({ children: _, ...g }) => ({ ...g, hasChildren: Boolean(_?.length) }));

/**
 * The tree calls the cascaders and the class page's tree use, each as the caller's class scope sees it
 * (modules/academic/class-scope.ts): an administrator every grade and class, a teacher their classes only.
 */
export function clazzRoutes(app: TypedApp, db: Db): void {
  const treeOf = async (req: FastifyRequest, schoolId?: string) => {
    const p = principalOf(req);
    return orgTree(db, p.tenantId, await classScope(db, p), { schoolId });
  };

  /** `grades?schoolId=`: the grades (of one school, or of all), flat, by school then order. */
  app.get(
    `${base}/grades`,
    { config: { access: pickers }, schema: { querystring: schoolIdQuerySchema } },
    async (req) => {
      const { schoolId } = req.query;
      const schools = await treeOf(req, schoolId || undefined);
      return ok(
        localeOf(req),
        schools.flatMap((s) => gradesOnly(s.children ?? [])),
      );
    },
  );

  /** `grades/classes/{schoolId}`: grade → class tree of one school; `0` = every school, with school nodes on top. */
  app.get(
    `${base}/grades/classes/:schoolId`,
    { config: { access: pickers }, schema: { params: z.object({ schoolId: idSchema }) } },
    async (req) => {
      const { schoolId } = req.params;
      if (schoolId === '0') return ok(localeOf(req), await treeOf(req));
      const [one] = await treeOf(req, schoolId);
      return ok(localeOf(req), one?.children ?? []);
    },
  );

  /** `grades/classes/{schoolId}/{gradeId}`: the classes of one grade (404 when the caller cannot see that grade). */
  app.get(
    `${base}/grades/classes/:schoolId/:gradeId`,
    { config: { access: pickers }, schema: { params: z.object({ schoolId: idSchema, gradeId: idSchema }) } },
    async (req) => {
      const { schoolId, gradeId } = req.params;
      const [one] = await treeOf(req, schoolId);
      const grade = one?.children?.find((g) => g.id === gradeId);
      if (!grade) throw notFound();
      return ok(localeOf(req), grade.children ?? []);
    },
  );
}
