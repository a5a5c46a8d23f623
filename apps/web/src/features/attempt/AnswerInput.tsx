import {
  CheckCircleFilled,
  CheckOutlined,
  CloseCircleFilled,
  CloseOutlined,
  DeleteOutlined,
  PaperClipOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { AnswerValue, ExamQuestion } from '@shixun/contracts';
import { Alert, App, Button, Checkbox, Input, Radio } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { putFile } from '../../api/upload.ts';
import { RichHtml } from '../../components/QuestionView/index.tsx';
import styles from './exam.module.css';
import { fileName } from './paper.ts';

/** The most files one answer holds (the server takes 50 values). */
const MAX_FILES = 20;

/** Original names of files uploaded in this page's life, by link (the answer stores links only). */
const uploadedNames = new Map<string, string>();

export interface AnswerInputProps {
  /** A question of any type but composite (a composite's children each get their own). */
  question: ExamQuestion;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  disabled?: boolean;
  /** After a check: the right options, highlighted (and the student's wrong picks marked). */
  rightOptionIds?: string[];
}

function OptionLabel({ item, state }: { item: ExamQuestion['items'][number]; state: 'right' | 'wrong' | undefined }) {
  return (
    <span className={styles.optionLabel}>
      <span className={styles.letter}>{item.label}.</span>
      <RichHtml html={item.content} inline className={styles.optionText} />
      {state === 'right' && <CheckCircleFilled className={styles.rightMark} aria-hidden />}
      {state === 'wrong' && <CloseCircleFilled className={styles.wrongMark} aria-hidden />}
    </span>
  );
}

function Choices({ question, value, onChange, disabled, rightOptionIds }: AnswerInputProps) {
  const { t } = useTranslation();
  const picked =
    question.type === 'single' ? (typeof value === 'string' ? [value] : []) : Array.isArray(value) ? value : [];
  const stateOf = (id: string) =>
    rightOptionIds ? (rightOptionIds.includes(id) ? 'right' : picked.includes(id) ? 'wrong' : undefined) : undefined;
  const options = question.items.map((item) => ({
    value: item.id,
    label: <OptionLabel item={item} state={stateOf(item.id)} />,
    className: [styles.option, stateOf(item.id) ? styles[stateOf(item.id)!] : ''].join(' '),
  }));
  if (question.type === 'single')
    return (
      <Radio.Group
        className={styles.choices}
        value={picked[0] ?? null}
        disabled={disabled}
        aria-label={t('take.input.options')}
        onChange={(e) => onChange(e.target.value as string)}
        options={options}
      />
    );
  const order = question.items.map((i) => i.id);
  return (
    <Checkbox.Group
      className={styles.choices}
      value={picked}
      disabled={disabled}
      aria-label={t('take.input.options')}
      onChange={(v) => onChange((v as string[]).slice().sort((a, b) => order.indexOf(a) - order.indexOf(b)))}
      options={options}
    />
  );
}

function Judge({ value, onChange, disabled }: AnswerInputProps) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      className={styles.judge}
      value={typeof value === 'string' && value ? value : null}
      disabled={disabled}
      aria-label={t('take.input.judge')}
      onChange={(e) => onChange(e.target.value as string)}
      optionType="button"
      buttonStyle="solid"
      size="large"
      options={[
        {
          value: 'T',
          label: (
            <>
              <CheckOutlined /> {t('take.input.true')}
            </>
          ),
        },
        {
          value: 'F',
          label: (
            <>
              <CloseOutlined /> {t('take.input.false')}
            </>
          ),
        },
      ]}
    />
  );
}

function Blanks({ question, value, onChange, disabled }: AnswerInputProps) {
  const { t } = useTranslation();
  const count = Math.max(question.blanks, 1);
  const texts = Array.isArray(value) ? value : [];
  return (
    <div className={styles.blanks}>
      {Array.from({ length: count }, (_, i) => (
        // Blanks are positions: the i-th box answers the i-th gap.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={i} className={styles.blankRow}>
          <span className={styles.blankNo} aria-hidden>
            {i + 1}
          </span>
          <Input
            size="large"
            value={texts[i] ?? ''}
            disabled={disabled}
            maxLength={2000}
            aria-label={t('take.input.blank', { n: i + 1 })}
            placeholder={t('take.input.blank', { n: i + 1 })}
            onChange={(e) => {
              const next = Array.from({ length: count }, (_, j) => texts[j] ?? '');
              next[i] = e.target.value;
              onChange(next);
            }}
          />
        </div>
      ))}
    </div>
  );
}

function FileAnswer({ question, value, onChange, disabled }: AnswerInputProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const links = Array.isArray(value) ? value : [];
  // Uploads finish one by one: each adds to the list as it stands then, not as it stood when it began.
  const latest = useRef(links);
  latest.current = links;
  const picker = useRef<HTMLInputElement>(null);
  const pending = useRef(0);
  const [uploading, setUploading] = useState(0);
  const types = (question.fileTypes ?? []).map((e) => e.toLowerCase());
  const accept = types.length ? types.map((e) => `.${e}`).join(',') : undefined;
  const remove = (link: string) => {
    const next = latest.current.filter((l) => l !== link);
    latest.current = next;
    onChange(next);
  };
  const upload = async (file: File) => {
    pending.current++;
    setUploading(pending.current);
    try {
      const saved = await putFile(file, 'file');
      uploadedNames.set(saved.link, saved.originalName);
      const next = [...latest.current, saved.link];
      latest.current = next;
      onChange(next);
    } catch {
      // The HTTP client has said why.
    } finally {
      pending.current--;
      setUploading(pending.current);
    }
  };
  /** The browser's own file picker (antd's Upload would add 15 kB to the exam page for this one button). */
  const pick = (files: File[]) => {
    for (const file of files) {
      const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
      if (types.length && !types.includes(ext)) {
        void message.error(t('take.input.fileRefused', { name: file.name, types: types.join('、') }));
        continue;
      }
      if (latest.current.length + pending.current >= MAX_FILES) {
        void message.error(t('take.input.fileTooMany', { count: MAX_FILES }));
        return;
      }
      void upload(file);
    }
  };
  return (
    <div className={styles.files}>
      <div className={styles.fileBar}>
        <input
          ref={picker}
          type="file"
          hidden
          multiple
          accept={accept}
          onChange={(e) => {
            pick(Array.from(e.target.files ?? []));
            // The same file can be chosen again after it was removed.
            e.target.value = '';
          }}
        />
        <Button
          size="large"
          icon={<UploadOutlined />}
          loading={uploading > 0}
          disabled={disabled || links.length >= MAX_FILES}
          onClick={() => picker.current?.click()}
        >
          {uploading > 0 ? t('take.input.uploading', { count: uploading }) : t('take.input.upload')}
        </Button>
        <span className={styles.muted}>
          {types.length ? t('take.input.fileTypes', { types: types.join('、') }) : t('take.input.anyType')}
        </span>
      </div>
      {links.length > 0 && (
        <ul className={styles.fileList} aria-label={t('take.input.uploaded')}>
          {links.map((link, i) => (
            <li key={link}>
              <PaperClipOutlined aria-hidden />
              <a href={link} target="_blank" rel="noreferrer">
                {uploadedNames.get(link) ?? t('take.input.fileN', { n: i + 1, name: fileName(link) })}
              </a>
              {!disabled && (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('take.input.removeFile')}
                  onClick={() => remove(link)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * What a student answers a question with, by its type: options (radio or checkboxes, each a large touch target),
 * 正确/错误, a box per blank, a growing text, files uploaded to the school's storage. Used by the exam page and
 * the wrong-answer book's re-practice.
 */
export function AnswerInput(props: AnswerInputProps) {
  const { t } = useTranslation();
  const { question, value, onChange, disabled } = props;
  switch (question.type) {
    case 'single':
    case 'multiple':
      return <Choices {...props} />;
    case 'judge':
      return <Judge {...props} />;
    case 'fill':
      return <Blanks {...props} />;
    case 'short':
      return (
        <Input.TextArea
          className={styles.text}
          value={typeof value === 'string' ? value : ''}
          disabled={disabled}
          maxLength={20_000}
          autoSize={{ minRows: 5, maxRows: 18 }}
          aria-label={t('take.input.text')}
          placeholder={t('take.input.text')}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'file':
      return <FileAnswer {...props} />;
    case 'practical':
      return <Alert type="info" showIcon title={t('take.input.practical')} />;
    default:
      return null;
  }
}
