import { DATA_SCOPE_TYPE, type DataScope, dataScopeFormSchema } from '@shixun/contracts';
import { dataScopeApi, deptApi } from '../../api/system.ts';
import type { CrudOption } from '../../components/CrudPage/index.tsx';
import {
  DATA_SCOPE_TYPE_DICT,
  ResourceName,
  ResourceSelect,
  ScopeTypeSelect,
} from '../../components/DataScopeFields.tsx';
import { MenuMasterDetail, MenuSelect } from '../../components/MenuMasterDetail/index.tsx';
import { i18n } from '../../i18n/index.ts';

const isCustom = (values: Record<string, unknown>) => values.scopeType === DATA_SCOPE_TYPE.custom;

/** 数据权限: which records of a resource the holders of a role see, rules kept under the page they belong to. */
const option: CrudOption<DataScope, typeof dataScopeFormSchema> = {
  biz: 'data_scope',
  title: 'dataScope.title',
  rowKey: 'id',
  api: dataScopeApi,
  formSchema: dataScopeFormSchema,
  defaults: { status: 1 },
  columns: [
    { prop: 'scopeName', label: 'dataScope.scopeName', search: true, width: 150, ellipsis: true },
    {
      prop: 'menuId',
      label: 'dataScope.menuId',
      hideInTable: true,
      control: <MenuSelect label="dataScope.menuId" />,
    },
    {
      prop: 'resourceCode',
      label: 'dataScope.resourceCode',
      width: 110,
      help: 'dataScope.resourceHelp',
      render: (code) => <ResourceName code={String(code)} />,
      control: <ResourceSelect />,
    },
    {
      prop: 'scopeType',
      label: 'dataScope.scopeType',
      type: 'select',
      dict: DATA_SCOPE_TYPE_DICT,
      search: true,
      width: 140,
      control: <ScopeTypeSelect />,
    },
    {
      prop: 'scopeValue',
      label: 'dataScope.scopeValue',
      type: 'treeSelect',
      multiple: true,
      separator: ',',
      loadOptions: deptApi.tree,
      optionsKey: 'dept-tree',
      ellipsis: true,
      width: 110,
      help: 'dataScope.scopeValueHelp',
      visible: isCustom,
      // The contracts leave it optional (other types ignore it); while shown it is needed.
      rules: [
        {
          required: true,
          validator: async (_, value: unknown) => {
            if (!Array.isArray(value) || value.length === 0) {
              throw new Error(i18n.t('shared:scope.scopeValue.required'));
            }
          },
        },
      ],
    },
    { prop: 'status', label: 'dataScope.status', type: 'status', width: 80, half: true },
    { prop: 'remark', label: 'dataScope.remark', type: 'textarea', hideInTable: true },
  ],
};

export default function DataScopePage() {
  return <MenuMasterDetail option={option} intro="dataScope.intro" hint="dataScope.pick" heading="dataScope.heading" />;
}
