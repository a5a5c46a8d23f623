import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type CoursewareSegmentForm, segmentKind } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, TreeSelect, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { knowledgeTree } from '../../../api/question.ts';
import { formatClock, parseClock } from '../segment-link.ts';
import css from './editor.module.css';

type Segment = CoursewareSegmentForm & { id?: string };

/** A time typed as mm:ss (or h:mm:ss); the form keeps seconds. Text that is not a time is kept and marked. */
function ClockInput({
  value,
  onChange,
  label,
  disabled,
}: {
  value: number;
  onChange: (seconds: number) => void;
  label: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(formatClock(value));
  // Only a value changed from outside (another row removed) resets the text being typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text being typed must not reset itself.
  useEffect(() => {
    if (parseClock(text) !== value) setText(formatClock(value));
  }, [value]);
  const bad = Number.isNaN(parseClock(text));
  return (
    <Input
      aria-label={label}
      value={text}
      disabled={disabled}
      status={bad ? 'error' : undefined}
      title={bad ? t('course.segment.badTime') : t('course.segment.clockHint')}
      placeholder="00:00"
      style={{ width: 96 }}
      onChange={(e) => {
        setText(e.target.value);
        const seconds = parseClock(e.target.value);
        if (!Number.isNaN(seconds)) onChange(seconds);
      }}
    />
  );
}

/**
 * A courseware's segments: rows of label, range (mm:ss for video and audio, pages for documents) and the knowledge
 * points taught there. The server checks each range against the courseware's length and the points against the tree.
 */
export function SegmentsField({
  value,
  onChange,
  id,
}: {
  value?: Segment[];
  onChange?: (rows: Segment[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const duration = Number(Form.useWatch('duration', form) ?? 0);
  const extension = String(Form.useWatch('extension', { form, preserve: true }) ?? '');
  const timed = segmentKind({ extension, duration }) === 'time';
  const knowledge = useQuery({ queryKey: ['question-knowledge'], queryFn: knowledgeTree, staleTime: 60_000 });
  const rows = value ?? [];
  const disabled = !onChange;
  const set = (i: number, patch: Partial<Segment>) =>
    onChange?.(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div id={id} className={css.segments}>
      <Typography.Text type="secondary">{t('course.segment.help')}</Typography.Text>
      {rows.length === 0 && <Typography.Text type="secondary">{t('course.segment.empty')}</Typography.Text>}
      {rows.map((row, i) => (
        <div key={row.id ?? `new-${i}`} className={css.segmentRow} data-testid="segment-row">
          <Input
            aria-label={`${t('course.segment.name')} ${i + 1}`}
            placeholder={t('course.segment.name')}
            value={row.label}
            maxLength={100}
            disabled={disabled}
            style={{ width: 160 }}
            onChange={(e) => set(i, { label: e.target.value })}
          />
          {timed ? (
            <>
              <ClockInput
                label={`${t('course.segment.start')} ${i + 1}`}
                value={row.start}
                disabled={disabled}
                onChange={(start) => set(i, { start })}
              />
              <span aria-hidden="true">–</span>
              <ClockInput
                label={`${t('course.segment.end')} ${i + 1}`}
                value={row.end}
                disabled={disabled}
                onChange={(end) => set(i, { end })}
              />
            </>
          ) : (
            <>
              <InputNumber
                aria-label={`${t('course.segment.startPage')} ${i + 1}`}
                placeholder={t('course.segment.startPage')}
                min={1}
                // Shown as the first page; kept half-open like the heartbeat's pages (pages 3–5 = [2, 5)).
                value={row.start + 1}
                disabled={disabled}
                onChange={(v) => set(i, { start: Math.max(0, Number(v ?? 1) - 1) })}
              />
              <span aria-hidden="true">–</span>
              <InputNumber
                aria-label={`${t('course.segment.endPage')} ${i + 1}`}
                placeholder={t('course.segment.endPage')}
                min={1}
                value={row.end}
                disabled={disabled}
                onChange={(v) => set(i, { end: Number(v ?? 1) })}
              />
            </>
          )}
          <TreeSelect
            aria-label={`${t('course.segment.points')} ${i + 1}`}
            multiple
            allowClear
            disabled={disabled}
            value={row.flagIds}
            treeData={knowledge.data ?? []}
            fieldNames={{ label: 'title', value: 'id', children: 'children' }}
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            loading={knowledge.isLoading}
            placeholder={t('course.segment.pointsPlaceholder')}
            popupMatchSelectWidth={false}
            style={{ minWidth: 180, flex: 1 }}
            onChange={(flagIds: string[]) => set(i, { flagIds })}
          />
          {!disabled && (
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={`${t('course.segment.remove')} ${i + 1}`}
              onClick={() => onChange?.(rows.filter((_, j) => j !== i))}
            />
          )}
        </div>
      ))}
      {!disabled && (
        <Button
          icon={<PlusOutlined />}
          onClick={() => {
            const last = rows.at(-1);
            const start = last ? last.end : 0;
            onChange?.([...rows, { label: '', start, end: start + (timed ? 60 : 1), flagIds: [] }]);
          }}
        >
          {t('course.segment.add')}
        </Button>
      )}
    </div>
  );
}
