import { EditOutlined } from '@ant-design/icons';
import type { PointOutcome } from '@shixun/contracts';
import { Button, Card, Form, Input, InputNumber, Modal, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './workbench.module.css';

/** The teacher's score for a point (a judgement, or an adjustment of the rule's), with the reason. */
function GiveScore({
  outcome,
  onGive,
}: {
  outcome: PointOutcome;
  onGive: (score: number | null, comment: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ score: number | null; comment: string }>();
  const { point } = outcome;
  const max = point.rule === 'judgement' ? (point.maxScore ?? point.score) : point.score;
  const min = point.rule === 'judgement' ? (point.minScore ?? 0) : 0;
  const submit = async (back = false) => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    await onGive(back ? null : v.score, v.comment.trim()).then(
      () => setOpen(false),
      () => undefined,
    );
  };
  return (
    <>
      <Button
        icon={<EditOutlined />}
        onClick={() => {
          form.setFieldsValue({
            score: outcome.given ?? outcome.result.suggested ?? outcome.score,
            comment: outcome.comment,
          });
          setOpen(true);
        }}
      >
        {t('workbench.give')}
      </Button>
      <Modal
        open={open}
        title={t('workbench.giveTitle', { name: point.name })}
        onCancel={() => setOpen(false)}
        onOk={() => void submit()}
        footer={(_, { OkBtn, CancelBtn }) => (
          <Space>
            {outcome.given !== null && point.rule !== 'judgement' ? (
              <Button onClick={() => void submit(true)}>{t('workbench.giveBack')}</Button>
            ) : null}
            <CancelBtn />
            <OkBtn />
          </Space>
        )}
        forceRender
      >
        <Form form={form} layout="vertical" name="giveScore">
          <Form.Item
            name="score"
            label={`${t('workbench.giveScore')} (${min}–${max})`}
            rules={[{ required: true, message: t('workbench.giveScore') }]}
            extra={
              outcome.result.suggested !== undefined
                ? t('workbench.suggested', { score: outcome.result.suggested })
                : undefined
            }
          >
            <InputNumber min={min} max={max} step={0.5} precision={1} size="large" style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="comment"
            label={t('workbench.giveComment')}
            extra={t('workbench.giveCommentHelp')}
            rules={[{ required: true, whitespace: true, message: t('shared:practical.comment.required') }]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** An assessment point with its rule, score (when shown) and the teacher's comment, its items below. */
export function PointCard({
  outcome,
  showScore,
  onGive,
  children,
}: {
  outcome: PointOutcome;
  showScore: boolean;
  onGive?: (score: number | null, comment: string) => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { point } = outcome;
  return (
    <Card
      className={styles.point}
      title={
        <span className={styles.pointTitle}>
          <span>{point.name}</span>
          {point.critical ? <Tag color="red">{t('workbench.critical')}</Tag> : null}
          {point.evidenceRequired ? <Tag>{t('workbench.evidenceRequired')}</Tag> : null}
          <Tag>{t(`workbench.rules.${point.rule}`)}</Tag>
        </span>
      }
      extra={
        <Space wrap>
          {showScore ? (
            <Typography.Text strong data-testid="point-score">
              {t('workbench.pointScore', { score: outcome.score, total: point.score })}
            </Typography.Text>
          ) : null}
          {onGive ? <GiveScore outcome={outcome} onGive={onGive} /> : null}
        </Space>
      }
    >
      {showScore && outcome.comment ? (
        <Typography.Paragraph type="secondary">
          {t('workbench.comment', { text: outcome.comment })}
        </Typography.Paragraph>
      ) : null}
      <div className={styles.items}>{children}</div>
    </Card>
  );
}
