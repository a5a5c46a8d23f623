import type { TreeNode } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Input, InputNumber, Select, Switch, TreeSelect } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { DictSelect } from '../DictSelect.tsx';
import { RichEditor } from '../RichEditor/index.tsx';
import type { CrudColumn } from './types.ts';

const statusOptions = (t: TFunction) => [
  { label: t('crud.enabled'), value: 1 },
  { label: t('crud.disabled'), value: 0 },
];

type Loaded = TreeNode[] | { label: string; value: string | number }[];

/** Options a column loads from the server, shared by every field and cell showing that column. */
export function useColumnOptions<T>(column: CrudColumn<T>, wanted = true) {
  return useQuery({
    queryKey: ['options', column.optionsKey ?? column.prop],
    queryFn: () => column.loadOptions!(),
    enabled: Boolean(column.loadOptions) && wanted,
    staleTime: 60_000,
  });
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

const isTree = (data: Loaded): data is TreeNode[] => data.length > 0 && 'key' in data[0]!;

/** Label of a value among loaded options (a tree is searched all the way down). */
export function optionLabel(data: Loaded | undefined, value: unknown): string | undefined {
  if (!data) return undefined;
  if (!isTree(data)) return data.find((o) => o.value === value)?.label;
  const stack = [...data];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.value === value) return node.title;
    stack.push(...(node.children ?? []));
  }
  return undefined;
}

/**
 * A select or tree select whose options come from the server: loaded once it has a value to name or is opened, so a
 * form nobody opens (the drawer stays in the page) asks the server for nothing a read-only user could not have.
 */
function RemoteSelect<T>({
  column,
  placeholder,
  ...rest
}: {
  column: CrudColumn<T>;
  placeholder: string;
  value?: unknown;
}) {
  const [opened, setOpened] = useState(false);
  const { data, isLoading } = useColumnOptions(column, opened || !isEmpty(rest.value));
  const common = {
    ...rest,
    placeholder,
    allowClear: true,
    loading: isLoading,
    style: { width: '100%' },
    onOpenChange: (open: boolean) => open && setOpened(true),
  };
  if (column.type === 'treeSelect') {
    return (
      <TreeSelect
        {...common}
        treeData={(data ?? []) as TreeNode[]}
        fieldNames={{ label: 'title', value: 'value', children: 'children' }}
        multiple={column.multiple}
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
        popupMatchSelectWidth={false}
      />
    );
  }
  return (
    <Select
      {...common}
      mode={column.multiple ? 'multiple' : undefined}
      options={data as { label: string; value: string | number }[]}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}

/**
 * The input for a column: in the search bar, in the drawer's form, or in the drawer's read-only view, where a field
 * shows its value and nothing asks for input (no placeholders; the form draws it borderless).
 */
export function fieldControl<T>(column: CrudColumn<T>, t: TFunction, where: 'search' | 'form' | 'view'): ReactNode {
  const label = t(column.label);
  // Empty rather than absent in the view: a date picker would otherwise show its own "请选择日期".
  const input = where === 'view' ? '' : t('crud.inputPlaceholder', { label });
  const choose = where === 'view' ? '' : t('crud.selectPlaceholder', { label });
  if (column.control && where !== 'search') {
    const { control } = column;
    return typeof control === 'function' ? control(column.type === 'select' ? choose : input) : control;
  }
  if (column.loadOptions) return <RemoteSelect column={column} placeholder={choose} />;
  switch (column.type) {
    case 'textarea':
      return where !== 'search' ? (
        <Input.TextArea placeholder={input} autoSize={{ minRows: 3, maxRows: 8 }} />
      ) : (
        <Input placeholder={input} allowClear />
      );
    case 'richText':
      return where !== 'search' ? (
        <RichEditor placeholder={input} ariaLabel={label} />
      ) : (
        <Input placeholder={input} allowClear />
      );
    case 'password':
      return <Input.Password placeholder={input} autoComplete="new-password" />;
    case 'number':
      return <InputNumber placeholder={input} style={{ width: '100%' }} />;
    case 'date':
    case 'datetime':
      return <DatePicker showTime={column.type === 'datetime'} placeholder={choose} style={{ width: '100%' }} />;
    case 'select':
      if (column.dict) {
        return (
          <DictSelect
            dict={column.dict}
            placeholder={choose}
            allowClear
            mode={column.multiple ? 'multiple' : undefined}
          />
        );
      }
      return (
        <Select
          placeholder={choose}
          allowClear
          mode={column.multiple ? 'multiple' : undefined}
          options={column.options?.map((o) => ({ label: t(o.label), value: o.value }))}
        />
      );
    case 'status': {
      const extra = where === 'search' ? (column.searchOptions ?? []) : [];
      return (
        <Select
          placeholder={choose}
          allowClear
          options={[...statusOptions(t), ...extra.map((o) => ({ label: t(o.label), value: o.value }))]}
        />
      );
    }
    case 'switch':
      return where !== 'search' ? (
        <Switch />
      ) : (
        <Select
          placeholder={choose}
          allowClear
          options={[
            { label: t('crud.yes'), value: 1 },
            { label: t('crud.no'), value: 0 },
          ]}
        />
      );
    default:
      return <Input placeholder={input} allowClear />;
  }
}
