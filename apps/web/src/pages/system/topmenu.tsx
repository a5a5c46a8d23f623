import { ApartmentOutlined } from '@ant-design/icons';
import { type TopMenu, topMenuFormSchema } from '@shixun/contracts';
import { App, Button } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { topMenuApi } from '../../api/system.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { IconName, IconSelect } from '../../components/IconSelect.tsx';
import { TopMenuGrant } from '../../components/topmenu/TopMenuGrant.tsx';
import { useAuth } from '../../stores/auth.ts';

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

/** 菜单配置, for one row or for the selected rows (`topmenu_grant`). */
function GrantButton({ onClick, link }: { onClick: () => void; link?: boolean }) {
  const { t } = useTranslation();
  if (!useAuth((s) => s.permission).topmenu_grant) return null;
  return (
    <Button
      type={link ? 'link' : 'default'}
      size={link ? 'small' : undefined}
      icon={<ApartmentOutlined />}
      onClick={onClick}
    >
      {t('topmenu.grant')}
    </Button>
  );
}

export default function TopMenuPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [granting, setGranting] = useState<TopMenu[]>([]);
  const withGrant = useMemo<CrudOption<TopMenu, typeof topMenuFormSchema>>(
    () => ({
      ...option,
      selectFor: ['topmenu_grant'],
      toolbar: (ctx) => (
        <GrantButton
          onClick={() => (ctx.selected.length ? setGranting(ctx.selected) : void message.warning(t('crud.selectOne')))}
        />
      ),
      rowActions: (row) => <GrantButton link onClick={() => setGranting([row])} />,
    }),
    [message, t],
  );
  return (
    <>
      <CrudPage option={withGrant} />
      <TopMenuGrant topMenus={granting} onClose={() => setGranting([])} />
    </>
  );
}
