import { type FrozenItem, type ItemJudged, parseDecimal } from '@shixun/contracts';
import { Button, Input, Radio, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Attachments } from '../../../components/Attachments/index.tsx';
import { rangeText, toleranceText } from './labels.ts';
import type { StudentEntry } from './record-codec.ts';
import styles from './workbench.module.css';

/** Pass, fail or nothing yet, and the findings: near a limit, readings that disagree, drawn for the teacher. */
function Verdict({ judged, mustCheck, findings }: { judged: ItemJudged; mustCheck: boolean; findings: boolean }) {
  const { t } = useTranslation();
  const state = judged.judgement.state;
  return (
    <Space size={4} wrap className={styles.verdict} aria-live="polite">
      <Tag color={state === 'pass' ? 'success' : state === 'fail' ? 'error' : 'default'}>
        {t(`workbench.${state === 'missing' ? 'missing' : state}`)}
        {judged.judgement.deviation ? ` (${judged.judgement.deviation})` : ''}
      </Tag>
      {findings && judged.remeasure ? <Tag color="warning">{t('workbench.remeasure')}</Tag> : null}
      {findings && judged.disagree ? <Tag color="gold">{t('workbench.disagree')}</Tag> : null}
      {mustCheck ? <Tag color="blue">{t('workbench.mustCheck')}</Tag> : null}
    </Space>
  );
}

/** A check item's 合格 / 不合格, as two large buttons. */
function CheckChoice({
  value,
  onChange,
  label,
  disabled,
}: {
  value: 0 | 1 | null;
  onChange?: (v: 0 | 1) => void;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      aria-label={label}
      value={value === null ? undefined : value}
      onChange={(e) => onChange?.(e.target.value as 0 | 1)}
      optionType="button"
      buttonStyle="solid"
      size="large"
      disabled={disabled || !onChange}
      options={[
        { value: 1, label: t('workbench.passed') },
        { value: 0, label: t('workbench.failed') },
      ]}
    />
  );
}

/** The teacher's reading (or check) of an item, saved with an optional reason (the change is logged). */
function TeacherReading({
  item,
  current,
  onSave,
}: {
  item: FrozenItem;
  current: { value: string | null; passed: 0 | 1 | null };
  onSave: (change: { value?: string | null; passed?: 0 | 1; reason?: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(current.value ?? '');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setValue(current.value ?? ''), [current.value]);
  const label = `${item.name} ${t('workbench.teacherValue')}`;
  const save = async (change: Parameters<typeof onSave>[0]) => {
    setBusy(true);
    await onSave({ ...change, reason: reason.trim() || undefined }).catch(() => undefined);
    setBusy(false);
  };
  if (item.kind === 'check')
    return (
      <CheckChoice label={label} value={current.passed} disabled={busy} onChange={(passed) => void save({ passed })} />
    );
  const invalid = value.trim() !== '' && parseDecimal(value) === undefined;
  return (
    <Space.Compact className={styles.teacherReading}>
      <Input
        aria-label={label}
        inputMode="decimal"
        size="large"
        value={value}
        status={invalid ? 'error' : undefined}
        onChange={(e) => setValue(e.target.value)}
        suffix={item.unit}
        placeholder={t('workbench.teacherValue')}
      />
      <Input
        aria-label={`${item.name} ${t('workbench.reasonPlaceholder')}`}
        size="large"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder={t('workbench.reasonPlaceholder')}
        maxLength={500}
      />
      <Button
        size="large"
        type="primary"
        loading={busy}
        disabled={invalid || value === (current.value ?? '')}
        onClick={() => void save({ value: value.trim() || null })}
      >
        {t('workbench.remeasureSave')}
      </Button>
    </Space.Compact>
  );
}

export interface ItemRowProps {
  item: FrozenItem;
  judged: ItemJudged;
  /** The student's fields as they stand (the journal's while recording). */
  entry: StudentEntry;
  /** The student records: changes go to the journal. */
  onEntry?: (entry: StudentEntry) => void;
  /** The teacher's reading, when shown. */
  teacher?: { value: string | null; passed: 0 | 1 | null };
  /** The teacher may re-measure now. */
  onTeacherSave?: (change: { value?: string | null; passed?: 0 | 1; reason?: string }) => Promise<unknown>;
  mustCheck: boolean;
  /**
   * Show the guard band and disagreements: to the teacher, and to the student while recording or once released (a
   * handed-in student does not see the teacher's re-measures before then, so the flags would never clear for them).
   */
  findings: boolean;
}

/**
 * One inspection item at the bench: what to measure and its accepted range, a large numeric input with its unit
 * (judged live as it is typed), or 合格/不合格; the note and the evidence; the teacher's re-measure beside it.
 */
export function ItemRow({ item, judged, entry, onEntry, teacher, onTeacherSave, mustCheck, findings }: ItemRowProps) {
  const { t } = useTranslation();
  const typedInvalid = entry.value !== null && parseDecimal(entry.value) === undefined;
  const measuredLabel = `${item.name} ${t('workbench.measured')}`;
  return (
    <section className={styles.item} aria-label={item.name} data-item={item.name}>
      <div className={styles.itemHead}>
        <Typography.Text strong className={styles.itemName}>
          {item.name}
        </Typography.Text>
        <Verdict judged={judged} mustCheck={mustCheck} findings={findings} />
      </div>
      <div className={styles.itemSpec}>
        {item.kind === 'measure' ? (
          <>
            <span>
              {t('workbench.nominal')} {toleranceText(item)} {item.unit}
            </span>
            <span>{t('workbench.limits', { range: rangeText(item) })}</span>
          </>
        ) : null}
        {item.instrument ? (
          <span>{t('workbench.instrument', { name: item.instrument, resolution: item.resolution ?? '—' })}</span>
        ) : null}
        {item.method ? <span>{item.method}</span> : null}
      </div>
      <div className={styles.itemInputs}>
        {item.kind === 'measure' ? (
          <Input
            aria-label={measuredLabel}
            className={styles.bigInput}
            inputMode="decimal"
            size="large"
            value={entry.value ?? ''}
            readOnly={!onEntry}
            status={typedInvalid ? 'error' : undefined}
            onChange={(e) => onEntry?.({ ...entry, value: e.target.value.trim() ? e.target.value : null })}
            prefix={
              <span className={styles.inputPrefix}>
                {teacher ? t('workbench.studentValue') : t('workbench.measured')}
              </span>
            }
            suffix={item.unit}
          />
        ) : (
          <CheckChoice
            label={item.name}
            value={entry.passed}
            onChange={onEntry ? (passed) => onEntry({ ...entry, passed }) : undefined}
          />
        )}
        {typedInvalid ? (
          <Typography.Text type="danger" role="alert">
            {t('shared:practical.inspection.number')}
          </Typography.Text>
        ) : null}
        {teacher && onTeacherSave ? (
          <TeacherReading item={item} current={teacher} onSave={onTeacherSave} />
        ) : teacher && (teacher.value !== null || teacher.passed !== null) ? (
          <Typography.Text>
            {t('workbench.teacherValue')}:{' '}
            {item.kind === 'measure'
              ? `${teacher.value} ${item.unit}`
              : t(teacher.passed ? 'workbench.passed' : 'workbench.failed')}
          </Typography.Text>
        ) : null}
      </div>
      {onEntry ? (
        <Input.TextArea
          aria-label={`${item.name} ${t('workbench.note')}`}
          className={styles.note}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={500}
          value={entry.note}
          placeholder={t('workbench.notePlaceholder')}
          onChange={(e) => onEntry({ ...entry, note: e.target.value })}
        />
      ) : entry.note ? (
        <Typography.Paragraph type="secondary" className={styles.note}>
          {t('workbench.note')}: {entry.note}
        </Typography.Paragraph>
      ) : null}
      <Attachments
        files={entry.evidence}
        itemName={item.name}
        onChange={onEntry ? (evidence) => onEntry({ ...entry, evidence }) : undefined}
      />
    </section>
  );
}
