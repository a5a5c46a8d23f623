import { ApartmentOutlined } from '@ant-design/icons';
import { type TopMenu, topMenuFormSchema } from '@shixun/contracts';
import { useMemo, useState } from 'react';
import { topMenuApi } from '../../api/system.ts';
import { ActionButton, type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { IconName, IconSelect } from '../../components/IconSelect.tsx';
import { TopMenuGrant } from '../../components/topmenu/TopMenuGrant.tsx';

/** 顶部菜单: a school's named groups of pages for the top bar. */
const option: CrudOption<TopMenu, typeof topMenuFormSchema> = {
  biz: 'topmenu',
  title: 'topmenu.title',
  rowKey: 'id',
  api: topMenuApi,
  formSchema: topMenuFormSchema,
  defaults: { sort: 1 },
  columns: [
    { prop: 'code', label: 'topmenu.code', search: true, width: 180 },
    { prop: 'name', label: 'topmenu.name', search: true, width: 200 },
    {
      prop: 'source',
      label: 'topmenu.source',
      width: 220,
      type: 'select',
      control: (placeholder) => <IconSelect placeholder={placeholder} />,
      render: (value) => <IconName source={String(value ?? '')} />,
    },
    { prop: 'sort', label: 'topmenu.sort', type: 'number', width: 100 },
  ],
};

export default function TopMenuPage() {
  const [granting, setGranting] = useState<TopMenu[]>([]);
  const withGrant = useMemo<CrudOption<TopMenu, typeof topMenuFormSchema>>(
    () => ({
      ...option,
      selectFor: ['topmenu_grant'],
      toolbar: (ctx) => (
        <ActionButton
          code="topmenu_grant"
          icon={<ApartmentOutlined />}
          label="topmenu.grant"
          rows={{ selected: ctx.selected, run: setGranting }}
        />
      ),
      rowActions: (row) => [
        {
          code: 'topmenu_grant',
          icon: <ApartmentOutlined />,
          label: 'topmenu.grant',
          onClick: () => setGranting([row]),
        },
      ],
    }),
    [],
  );
  return (
    <>
      <CrudPage option={withGrant} />
      <TopMenuGrant topMenus={granting} onClose={() => setGranting([])} />
    </>
  );
}
