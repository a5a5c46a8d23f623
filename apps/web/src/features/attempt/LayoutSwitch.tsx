import { OrderedListOutlined, ReadOutlined } from '@ant-design/icons';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Layout } from './useLayout.ts';

/** 逐题 / 整卷: one question per screen or the whole paper. */
export function LayoutSwitch({ layout, onChange }: { layout: Layout; onChange: (next: Layout) => void }) {
  const { t } = useTranslation();
  return (
    <Segmented<Layout>
      value={layout}
      onChange={onChange}
      options={[
        { value: 'one', label: t('take.layout.one'), icon: <ReadOutlined /> },
        { value: 'all', label: t('take.layout.all'), icon: <OrderedListOutlined /> },
      ]}
    />
  );
}
