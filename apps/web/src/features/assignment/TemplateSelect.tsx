import type { Page } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';

/**
 * The work an assign drawer gives out (a practical task, a file job), searched by title as the teacher types; the
 * picked row goes to `onPick` so the drawer can summarise it. A form control (`value` is the row's id).
 */
export function TemplateSelect<T extends { id: string; title: string }>({
  value,
  onChange,
  id,
  onPick,
  resource,
  list,
  placeholder,
}: {
  value?: string;
  onChange?: (v: string) => void;
  id?: string;
  onPick: (row: T | undefined) => void;
  /** The resource's query key, so its list reloads the picker after a change. */
  resource: string;
  list: (query: { current: number; size: number; title?: string }) => Promise<Page<T>>;
  placeholder: string;
}) {
  const [title, setTitle] = useState('');
  const rows = useQuery({
    queryKey: [resource, 'pick', title],
    queryFn: () => list({ current: 1, size: 50, ...(title ? { title } : {}) }),
  });
  const records = rows.data?.records ?? [];
  useEffect(() => onPick(records.find((r) => r.id === value)), [records, value, onPick]);
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: setTitle }}
      loading={rows.isFetching}
      placeholder={placeholder}
      options={records.map((r) => ({ value: r.id, label: r.title }))}
    />
  );
}
