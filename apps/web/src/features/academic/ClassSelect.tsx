import type { OrgNode } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { clazzApi } from '../../api/exam.ts';
import { ORG_TREE_KEY } from './OrgTree.tsx';

type Option = { title: string; value: string; selectable: boolean; children?: Option[] };

/** Schools and grades are headings; only classes can be chosen. */
function options(nodes: OrgNode[]): Option[] {
  return nodes.map((n) => ({
    title: n.title,
    value: n.id,
    selectable: n.type === 'class',
    children: n.children?.length ? options(n.children) : undefined,
  }));
}

/** Picks one class from schools → grades → classes (a form control: `value` is the class id). */
export function ClassSelect({
  value,
  onChange,
  placeholder,
  disabled,
}: {
  value?: string;
  onChange?: (id: string) => void;
  placeholder?: string;
  disabled?: boolean;
}) {
  const { data, isLoading } = useQuery({ queryKey: ORG_TREE_KEY, queryFn: clazzApi.tree });
  const treeData = useMemo(() => options(data ?? []), [data]);
  return (
    <TreeSelect
      value={value}
      onChange={onChange}
      placeholder={placeholder}
      disabled={disabled}
      loading={isLoading}
      treeData={treeData}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
    />
  );
}
