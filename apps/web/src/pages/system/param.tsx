import { type Param, paramFormSchema } from '@shixun/contracts';
import { paramApi } from '../../api/system.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';

/** 参数管理 (SPEC §2): global key/value settings, some of which tune sign-in. */
const option: CrudOption<Param, typeof paramFormSchema> = {
  biz: 'param',
  title: 'param.title',
  rowKey: 'id',
  api: paramApi,
  formSchema: paramFormSchema,
  columns: [
    { prop: 'paramName', label: 'param.paramName', search: true, width: 200 },
    { prop: 'paramKey', label: 'param.paramKey', search: true, width: 220 },
    { prop: 'paramValue', label: 'param.paramValue', type: 'textarea', ellipsis: true, width: 240 },
    { prop: 'remark', label: 'param.remark', type: 'textarea', ellipsis: true },
  ],
};

export default function ParamPage() {
  return <CrudPage option={option} />;
}
