import type { Correction, FrozenPoint } from '@shixun/contracts';
import { Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../components/CrudPage/values.ts';

const shown = (v: unknown): string => {
  if (v === null || v === undefined) return '—';
  if (typeof v !== 'object') return String(v);
  return (
    Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== null && x !== undefined)
      .map(([k, x]) => `${k}: ${x}`)
      .join(', ') || '—'
  );
};

/** Every change to the record, oldest first: what it was, what it became, who changed it, when and why. */
export function Corrections({ corrections, points }: { corrections: Correction[]; points: FrozenPoint[] }) {
  const { t } = useTranslation();
  const names = new Map([
    ...points.map((p) => [p.id, p.name] as const),
    ...points.flatMap((p) => p.items.map((i) => [i.id, i.name] as const)),
  ]);
  return (
    <Card title={t('workbench.corrections')} size="small">
      <List
        size="small"
        dataSource={corrections}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('workbench.noCorrections')} />,
        }}
        renderItem={(c) => (
          <List.Item>
            <List.Item.Meta
              title={`${t(`workbench.correctionKinds.${c.kind}`)} · ${names.get(c.targetId) ?? ''}`}
              description={
                <>
                  {c.kind !== 'sign' ? (
                    <div>
                      {t('workbench.before')}: {shown(c.before)} → {t('workbench.after')}: {shown(c.after)}
                    </div>
                  ) : null}
                  {c.reason ? <div>{c.reason}</div> : null}
                  <Typography.Text type="secondary">
                    {c.userName} · {formatDate(c.time, true)}
                  </Typography.Text>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
