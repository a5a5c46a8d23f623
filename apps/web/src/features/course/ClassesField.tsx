import type { CourseClass, CourseClassForm, OrgNode } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { clazzApi } from '../../api/exam.ts';
import { ORG_TREE_KEY } from '../academic/OrgTree.tsx';
import { ClassesSelect } from '../assignment/ClassesSelect.tsx';

type Held = CourseClassForm | CourseClass;

/** The form's `classes` as sent: each class once, its topics' release dates kept. */
export const classesForm = (classes: Held[] | undefined): CourseClassForm[] =>
  (classes ?? []).map((c) => ({ classId: c.classId, ...(c.releases ? { releases: c.releases } : {}) }));

/**
 * The classes a course is taught to, picked among the teacher's own classes; a class kept keeps its release dates,
 * one added opens with the course.
 */
export function ClassesField({
  value,
  onChange,
  id,
  placeholder,
}: {
  value?: Held[];
  onChange?: (classes: CourseClassForm[]) => void;
  id?: string;
  placeholder?: string;
}) {
  const held = classesForm(value);
  return (
    <ClassesSelect
      {...(id ? { id } : {})}
      {...(placeholder ? { placeholder } : {})}
      value={held.map((c) => c.classId)}
      onChange={(ids) => onChange?.(ids.map((classId) => held.find((c) => c.classId === classId) ?? { classId }))}
    />
  );
}

function names(nodes: OrgNode[], into = new Map<string, string>(), grade = ''): Map<string, string> {
  for (const n of nodes) {
    if (n.type === 'class') into.set(n.id, grade ? `${grade}/${n.title}` : n.title);
    names(n.children ?? [], into, n.type === 'grade' ? n.title : grade);
  }
  return into;
}

/** A course's classes by name (2024级/1班), from the same class tree the picker shows. */
export function ClassNames({ classes }: { classes: CourseClass[] }) {
  const { data } = useQuery({ queryKey: ORG_TREE_KEY, queryFn: clazzApi.tree });
  if (!classes.length) return <>—</>;
  const byId = names(data ?? []);
  return <>{classes.map((c) => byId.get(c.classId) ?? c.classId).join('、')}</>;
}
