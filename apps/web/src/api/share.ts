import type { GranteeType, OrgNode, Page, School, ShareAccess } from '@shixun/contracts';
import { http } from './http.ts';

const jd = '/api/jd/pc';
const examBase = '/api/exam/pc';

/** One share of a library or a paper, as its resource answers (`question_lib_permission`, `paper_permission`). */
export interface Share {
  id: string;
  granteeType: GranteeType;
  granteeId: string;
  granteeName: string;
  access: ShareAccess;
}

/** A share as sent: to whom, what they may do, and the id of what is shared under its own field. */
export type ShareBody = { id?: string; granteeType: GranteeType; granteeId: string; access: ShareAccess } & Record<
  string,
  string | undefined
>;

/** What is shared and where its shares live: a library (`question_lib_permission`, `libId`), a paper … */
export interface ShareKind {
  /** The share resource, e.g. `question_lib_permission`: its CRUD codes gate the dialog's buttons. */
  resource:
    | 'question_lib_permission'
    | 'paper_permission'
    | 'practical_paper_permission'
    | 'filejob_permission'
    | 'course_permission';
  /** The field naming what is shared, e.g. `libId`. */
  targetField: string;
}

/** The share resource's calls (`/api/jd/pc/<resource>`): the owner shares a target with teachers or schools. */
export function shareApi({ resource, targetField }: ShareKind) {
  const base = `${jd}/${resource}`;
  return {
    list: (targetId: string) =>
      http.get<Page<Share>>(`${base}/list`, { [targetField]: targetId, current: 1, size: 200 }),
    submit: (form: ShareBody) => http.post<Share>(`${base}/submit`, form),
    remove: (ids: string[]) => http.post<null>(`${base}/remove`, undefined, { params: { ids: ids.join(',') } }),
  };
}

/** Someone a library or paper can be shared with: a teacher by their user id, or a school. */
export interface Grantee {
  id: string;
  name: string;
  /** The account (teachers), to tell two teachers of the same name apart. */
  detail?: string;
}

type TeacherOption = { id: string; userId: string; realName: string; account: string };

/** The teachers something can be shared with, by user id (what a share stores): the tenant's teacher picker. */
export async function shareTeachers(): Promise<Grantee[]> {
  const rows = await http.get<TeacherOption[]>(`${examBase}/teacher/select`);
  return rows.map((t) => ({ id: t.userId, name: t.realName, detail: t.account }));
}

/** The schools something can be shared with: every school (administrators), or the caller's own (teachers). */
export async function shareSchools(canReadSchools: boolean): Promise<Grantee[]> {
  if (canReadSchools) {
    const page = await http.get<Page<School>>(`${examBase}/school/list`, { current: 1, size: 200 });
    return page.records.map((s) => ({ id: s.id, name: s.name }));
  }
  const tree = await http.get<OrgNode[]>(`${examBase}/clazz/grades/classes/0`);
  return tree.filter((n) => n.type === 'school').map((n) => ({ id: n.id, name: n.title }));
}
