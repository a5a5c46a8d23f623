import { COMPLETION_KINDS, type CompletionRule } from '@shixun/contracts';
import { InputNumber, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../components/FilePreview/format.ts';
import { ResumableUpload } from '../../../components/ResumableUpload/index.tsx';

/**
 * A file courseware's file, uploaded resumably (a large video picked again after a dropped connection or a reload
 * continues where it stopped); the form keeps the attachment's id, the server copies its link and kind.
 */
export function CoursewareFileField({ value, onChange }: { value?: string; onChange?: (attachId: string) => void }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<{ name: string; size: number } | null>(null);
  const shown = picked
    ? `${picked.name}（${formatSize(picked.size)}）`
    : value && value !== '0'
      ? t('course.ware.fileKept')
      : t('course.ware.noFile');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary" data-testid="courseware-file">
        {shown}
      </Typography.Text>
      {onChange && (
        <ResumableUpload
          category="file"
          multiple={false}
          label={t(value && value !== '0' ? 'course.ware.replaceFile' : 'course.ware.pickFile')}
          onDone={(files) => {
            const file = files[0];
            if (!file) return;
            setPicked({ name: file.originalName, size: file.size });
            onChange(file.attachId);
          }}
        />
      )}
    </Space>
  );
}

/** When a student has completed the courseware: opened, a share watched or read, time spent, the topic's paper passed. */
export function CompletionField({
  value,
  onChange,
  id,
}: {
  value?: CompletionRule;
  onChange?: (rule: CompletionRule) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const rule = value ?? { kind: 'opened', value: 0 };
  const unit =
    rule.kind === 'share' || rule.kind === 'paper' ? '%' : rule.kind === 'time' ? t('course.ware.seconds') : '';
  return (
    <Space wrap>
      <Select
        {...(id ? { id } : {})}
        style={{ minWidth: 200 }}
        value={rule.kind}
        disabled={!onChange}
        options={COMPLETION_KINDS.map((k) => ({ label: t(`course.completion.${k}`), value: k }))}
        onChange={(kind) => onChange?.({ kind, value: kind === 'share' ? 80 : kind === 'time' ? 300 : 0 })}
      />
      {rule.kind !== 'opened' && (
        <InputNumber
          aria-label={t('course.completion.value')}
          min={0}
          max={rule.kind === 'time' ? 86_400 : 100}
          value={rule.value}
          disabled={!onChange}
          suffix={unit}
          onChange={(v) => onChange?.({ ...rule, value: Number(v ?? 0) })}
        />
      )}
    </Space>
  );
}
