import { type Param, paramFormSchema } from '@shixun/contracts';
import { Tooltip } from 'antd';
import { paramApi } from '../../api/system.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { localName } from '../../i18n/local-name.ts';

/** 参数管理 (SPEC §2): global key/value settings, some of which tune sign-in. */
const option: CrudOption<Param, typeof paramFormSchema> = {
  biz: 'param',
  title: 'param.title',
  rowKey: 'id',
  api: paramApi,
  formSchema: paramFormSchema,
  columns: [
    {
      prop: 'paramName',
      label: 'param.paramName',
      search: true,
      width: 200,
      render: (_, row) => localName(row.paramName, row.paramNameEn),
    },
    { prop: 'paramNameEn', label: 'english.name', help: 'english.help', hideInTable: true },
    { prop: 'paramKey', label: 'param.paramKey', search: true, width: 220 },
    { prop: 'paramValue', label: 'param.paramValue', type: 'textarea', ellipsis: true, width: 240 },
    {
      prop: 'remark',
      label: 'param.remark',
      type: 'textarea',
      ellipsis: true,
      // As the table shows any long text: cut to the column, whole in a tooltip.
      render: (_, row) => {
        const text = localName(row.remark, row.remarkEn);
        return (
          <Tooltip title={text} placement="topLeft">
            {text}
          </Tooltip>
        );
      },
    },
    { prop: 'remarkEn', label: 'english.remark', type: 'textarea', help: 'english.help', hideInTable: true },
  ],
};

export default function ParamPage() {
  return <CrudPage option={option} />;
}
