import { Input, InputNumber, Select, Switch } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { DictSelect } from '../DictSelect.tsx';
import type { CrudColumn } from './types.ts';

const statusOptions = (t: TFunction) => [
  { label: t('crud.enabled'), value: 1 },
  { label: t('crud.disabled'), value: 0 },
];

/** The input for a column, in the drawer form or the search bar. */
export function fieldControl<T>(column: CrudColumn<T>, t: TFunction, where: 'form' | 'search'): ReactNode {
  const label = t(column.label);
  const input = t('crud.inputPlaceholder', { label });
  const choose = t('crud.selectPlaceholder', { label });
  switch (column.type) {
    case 'textarea':
      return where === 'form' ? (
        <Input.TextArea placeholder={input} autoSize={{ minRows: 3, maxRows: 8 }} />
      ) : (
        <Input placeholder={input} allowClear />
      );
    case 'number':
      return <InputNumber placeholder={input} style={{ width: '100%' }} />;
    case 'select':
      if (column.dict) return <DictSelect dict={column.dict} placeholder={choose} allowClear />;
      return (
        <Select
          placeholder={choose}
          allowClear
          options={column.options?.map((o) => ({ label: t(o.label), value: o.value }))}
        />
      );
    case 'status':
      return <Select placeholder={choose} allowClear options={statusOptions(t)} />;
    case 'switch':
      return where === 'form' ? (
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
