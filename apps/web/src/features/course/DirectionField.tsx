import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { directionTree } from '../academic/options.ts';

/**
 * The course's 专业方向, a node of the direction tree. The server's "none" is "0": shown as an empty picker (not as
 * the text "0"), and clearing the picker sends "0" back.
 */
export function DirectionField({
  value,
  onChange,
  id,
  placeholder,
}: {
  value?: string;
  onChange?: (id: string) => void;
  id?: string;
  placeholder?: string;
}) {
  // The same cache as the class page's direction column.
  const { data, isLoading } = useQuery({ queryKey: ['options', 'exam-directions'], queryFn: directionTree });
  return (
    <TreeSelect
      {...(id ? { id } : {})}
      placeholder={placeholder}
      value={value && value !== '0' ? value : undefined}
      onChange={(picked?: string) => onChange?.(picked ?? '0')}
      treeData={data ?? []}
      loading={isLoading}
      disabled={!onChange}
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      style={{ width: '100%' }}
    />
  );
}
