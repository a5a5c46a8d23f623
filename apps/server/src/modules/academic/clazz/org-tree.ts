import type { OrgNode, OrgNodeType } from '@shixun/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../core/db/client.ts';
import { clazz, school } from '../../../db/schema/index.ts';
import { type ClassScope, reachesClass } from '../class-scope.ts';

type Branch = OrgNode & { children: OrgNode[] };

function node(type: OrgNodeType, id: string, parentId: string, schoolId: string, title: string): Branch {
  return { id, parentId, title, key: id, value: id, hasChildren: false, type, schoolId, children: [] };
}

/**
 * Schools → grades → classes of the tenant as the scope sees them: an administrator everything (empty grades and
 * schools too), anyone else only their classes with the grades and schools above them. `schoolId` keeps to one school.
 */
export async function orgTree(
  db: Db,
  tenantId: string,
  scope: ClassScope,
  opts: { schoolId?: string } = {},
): Promise<OrgNode[]> {
  const [schools, rows] = await Promise.all([
    db
      .select({ id: school.id, name: school.name })
      .from(school)
      .where(
        and(
          eq(school.tenantId, tenantId),
          eq(school.isDeleted, 0),
          opts.schoolId ? eq(school.id, opts.schoolId) : undefined,
        ),
      )
      .orderBy(asc(school.sort), asc(school.id)),
    db
      .select({
        id: clazz.id,
        parentId: clazz.parentId,
        schoolId: clazz.schoolId,
        category: clazz.category,
        name: clazz.name,
      })
      .from(clazz)
      .where(
        and(
          eq(clazz.tenantId, tenantId),
          eq(clazz.isDeleted, 0),
          opts.schoolId ? eq(clazz.schoolId, opts.schoolId) : undefined,
        ),
      )
      .orderBy(asc(clazz.sort), asc(clazz.name), asc(clazz.id)),
  ]);
  const all = scope.kind === 'all';
  const schoolNodes = new Map(schools.map((s) => [s.id, node('school', s.id, '0', s.id, s.name)]));
  const gradeNodes = new Map(
    rows.filter((r) => r.category === 1).map((g) => [g.id, node('grade', g.id, g.schoolId, g.schoolId, g.name)]),
  );
  for (const c of rows.filter((r) => r.category === 2 && (all || reachesClass(scope, r.id)))) {
    gradeNodes.get(c.parentId)?.children.push(node('class', c.id, c.parentId, c.schoolId, c.name));
  }
  for (const g of gradeNodes.values()) {
    g.hasChildren = g.children.length > 0;
    if (all || g.hasChildren) schoolNodes.get(g.schoolId)?.children.push(g);
  }
  const tree = [...schoolNodes.values()].filter((s) => all || s.children.length > 0);
  for (const s of tree) s.hasChildren = s.children.length > 0;
  return tree;
}
