import type { CourseClass, OrgNode } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { clazzApi } from '../../../api/exam.ts';
import { ORG_TREE_KEY } from '../../academic/OrgTree.tsx';

/** Classes by id named "2024级/1班", from the class tree the course form's picker shows (the same cache). */
export function classNames(nodes: OrgNode[], into = new Map<string, string>(), grade = ''): Map<string, string> {
  for (const n of nodes) {
    if (n.type === 'class') into.set(n.id, grade ? `${grade}/${n.title}` : n.title);
    classNames(n.children ?? [], into, n.type === 'grade' ? n.title : grade);
  }
  return into;
}

/** One of the course's classes, by name. */
export function ClassPicker({
  classes,
  value,
  onChange,
  id,
}: {
  classes: CourseClass[];
  value?: string;
  onChange: (classId: string) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ORG_TREE_KEY, queryFn: clazzApi.tree });
  const byId = classNames(data ?? []);
  return (
    <Select
      {...(id ? { id } : {})}
      value={value}
      onChange={onChange}
      placeholder={t('courseProgress.pickClass')}
      options={classes.map((c) => ({ value: c.classId, label: byId.get(c.classId) ?? c.classId }))}
      style={{ minWidth: 200 }}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}
