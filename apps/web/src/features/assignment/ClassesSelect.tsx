import type { OrgNode } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { clazzApi } from '../../api/exam.ts';
import { ORG_TREE_KEY } from '../academic/OrgTree.tsx';

type Option = { title: string; value: string; disableCheckbox?: boolean; children?: Option[] };

/** Schools and grades tick all their classes at once; a grade without classes has nothing to tick. */
function options(nodes: OrgNode[]): Option[] {
  return nodes.map((n) => {
    const children = n.children?.length ? options(n.children) : undefined;
    return {
      title: n.title,
      value: n.id,
      disableCheckbox: n.type !== 'class' && !children,
      children,
    };
  });
}

function classIds(nodes: OrgNode[], into = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.type === 'class') into.add(n.id);
    classIds(n.children ?? [], into);
  }
  return into;
}

/**
 * The classes a teacher gives work to (a form control: `value` is the class ids): their own classes under their
 * schools and grades, as the server lets them assign.
 */
export function ClassesSelect({
  value,
  onChange,
  id,
  placeholder,
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  id?: string;
  placeholder?: string;
}) {
  const { data, isLoading } = useQuery({ queryKey: ORG_TREE_KEY, queryFn: clazzApi.tree });
  const treeData = useMemo(() => options(data ?? []), [data]);
  const classes = useMemo(() => classIds(data ?? []), [data]);
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={(ids: string[]) => onChange?.(ids.filter((c) => classes.has(c)))}
      placeholder={placeholder}
      loading={isLoading}
      treeData={treeData}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_CHILD}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      allowClear
      maxTagCount="responsive"
      style={{ width: '100%' }}
    />
  );
}
