import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { OPTION_LABELS, type QuestionType } from '@shixun/contracts';
import { Button, Form, Input, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { typeName } from '../labels.ts';
import { FIXABLE_TYPES, type FixValues, isChoice } from './fix-draft.ts';
import styles from './import.module.css';

interface Props {
  /** Its place in the preview, for the fields' ids. */
  index: number;
  initial: FixValues;
  busy: boolean;
  onSave: (values: FixValues) => void;
  onCancel: () => void;
}

/**
 * 修改 a flagged question in the preview: its type, its options and its answer, written as the import layout has
 * them (the hint under the answer says how for the type chosen). The server builds the question again from them by
 * the same rules as a file, so what it still finds wrong shows as it would for a file.
 */
export function FixForm({ index, initial, busy, onSave, onCancel }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<FixValues>(initial);
  const set = (change: Partial<FixValues>) => setValues((v) => ({ ...v, ...change }));
  const choice = isChoice(values.type);
  const options = choice && values.options.length === 0 ? ['', ''] : values.options;
  const id = (name: string) => `import-fix-${index}-${name}`;

  return (
    <Form layout="vertical" className={styles.fix} onFinish={() => onSave({ ...values, options })}>
      <Form.Item label={t('questionBank.question.type')} htmlFor={id('type')}>
        <Select<QuestionType>
          id={id('type')}
          value={values.type}
          onChange={(type) => set({ type })}
          options={FIXABLE_TYPES.map((type) => ({ value: type, label: typeName(type) }))}
          style={{ maxWidth: 200 }}
        />
      </Form.Item>
      {choice && (
        <Form.Item label={t('questionBank.import.fixOptions')}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {options.map((option, i) => (
              <Space.Compact key={OPTION_LABELS[i]} style={{ width: '100%' }}>
                <Input
                  addonBefore={OPTION_LABELS[i]}
                  aria-label={t('questionBank.import.fixOption', { label: OPTION_LABELS[i] })}
                  value={option}
                  onChange={(e) => set({ options: options.map((o, j) => (j === i ? e.target.value : o)) })}
                />
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('questionBank.import.fixRemoveOption', { label: OPTION_LABELS[i] })}
                  disabled={options.length <= 2}
                  onClick={() => set({ options: options.filter((_, j) => j !== i) })}
                />
              </Space.Compact>
            ))}
            {options.length < OPTION_LABELS.length && (
              <Button icon={<PlusOutlined />} onClick={() => set({ options: [...options, ''] })}>
                {t('questionBank.import.fixAddOption')}
              </Button>
            )}
          </Space>
        </Form.Item>
      )}
      <Form.Item
        label={t('questionBank.import.fixAnswer')}
        htmlFor={id('answer')}
        extra={t(`questionBank.import.answerHint.${values.type}`)}
      >
        {values.type === 'short' || values.type === 'practical' || values.type === 'file' ? (
          <Input.TextArea
            id={id('answer')}
            value={values.answer}
            onChange={(e) => set({ answer: e.target.value })}
            autoSize={{ minRows: 2, maxRows: 6 }}
          />
        ) : (
          <Input id={id('answer')} value={values.answer} onChange={(e) => set({ answer: e.target.value })} />
        )}
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('questionBank.import.fixSave')}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {t('crud.cancel')}
        </Button>
      </Space>
    </Form>
  );
}
