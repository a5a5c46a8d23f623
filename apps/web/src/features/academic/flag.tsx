import { DISCIPLINES, FLAG_KINDS } from '@shixun/contracts';
import { Card, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../stores/settings.ts';
import { FlagEditor } from './FlagEditor.tsx';

/**
 * 分类管理: the five classification trees (专业方向, 出版社, 知识点, 维度, 题型), one tab each. Disciplines are a fixed
 * list, shown for reference.
 */
export default function FlagPage() {
  const { t } = useTranslation();
  const language = useSettings((s) => s.language);
  return (
    <Card variant="borderless">
      <Tabs
        destroyOnHidden
        items={FLAG_KINDS.map((kind) => ({
          key: kind,
          label: t(`academic.flag.kind.${kind}`),
          children: <FlagEditor kind={kind} />,
        }))}
        tabBarExtraContent={
          <Typography.Text type="secondary">
            {t('academic.flag.disciplines')}
            {DISCIPLINES.map((d) => (
              <Tag key={d.value} style={{ marginLeft: 6 }}>
                {language === 'en' ? d.en : d.zh}
              </Tag>
            ))}
          </Typography.Text>
        }
      />
    </Card>
  );
}
