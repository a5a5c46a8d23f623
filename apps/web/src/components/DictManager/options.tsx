import { LockOutlined } from '@ant-design/icons';
import { type Dict, dictChildFormSchema, dictParentFormSchema } from '@shixun/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DictKind, dictApis } from '../../api/system.ts';
import { localName } from '../../i18n/local-name.ts';
import type { CrudColumn, CrudOption } from '../CrudPage/index.tsx';

/** Sealed rows stay, marked, so an administrator sees why a select no longer offers them. */
function SealedTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return value === 1 ? (
    <Tag color="orange" icon={<LockOutlined />}>
      {t('dict.sealed')}
    </Tag>
  ) : (
    <Tag color="green">{t('dict.unsealed')}</Tag>
  );
}

const sort: CrudColumn<Dict> = { prop: 'sort', label: 'dict.sort', type: 'number', half: true };
const isSealed: CrudColumn<Dict> = {
  prop: 'isSealed',
  label: 'dict.isSealed',
  type: 'select',
  options: [
    { label: 'crud.no', value: 0 },
    { label: 'crud.yes', value: 1 },
  ],
  half: true,
  help: 'dict.sealedHelp',
  render: (value) => <SealedTag value={value} />,
};
const dictValue: CrudColumn<Dict> = {
  prop: 'dictValue',
  label: 'dict.dictValue',
  search: true,
  render: (_, row) => localName(row.dictValue, row.dictValueEn),
};
const dictValueEn: CrudColumn<Dict> = {
  prop: 'dictValueEn',
  label: 'english.name',
  help: 'english.help',
  hideInTable: true,
};
const remark: CrudColumn<Dict> = { prop: 'remark', label: 'dict.remark', type: 'textarea', ellipsis: true, width: 160 };

export interface DictOptions {
  parents: CrudOption<Dict, typeof dictParentFormSchema>;
  /** Shown with `query={{parentId}}` and `defaults={{parentId, code}}`: an item always takes its dictionary's code. */
  items: CrudOption<Dict, typeof dictChildFormSchema>;
}

function dictOptions(kind: DictKind): DictOptions {
  const api = dictApis(kind);
  return {
    parents: {
      biz: kind,
      title: 'dict.title',
      rowKey: 'id',
      api: api.parents,
      formSchema: dictParentFormSchema,
      defaults: { sort: 1, isSealed: 0 },
      columns: [
        { prop: 'code', label: 'dict.code', search: true },
        dictValue,
        dictValueEn,
        sort,
        isSealed,
        { ...remark, hideInTable: true },
      ],
    },
    items: {
      biz: kind,
      title: 'dict.itemTitle',
      rowKey: 'id',
      api: api.items,
      formSchema: dictChildFormSchema,
      defaults: { sort: 1, isSealed: 0 },
      columns: [{ prop: 'dictKey', label: 'dict.dictKey' }, dictValue, dictValueEn, sort, isSealed, remark],
    },
  };
}

/** Declared once per kind, as CrudPage wants its options. */
export const dictOptionsByKind: Record<DictKind, DictOptions> = {
  dict: dictOptions('dict'),
  dict_biz: dictOptions('dict_biz'),
};
