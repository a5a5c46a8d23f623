import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { OPTION_LABELS } from '@shixun/contracts';
import { Button, Checkbox, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichEditor } from '../../components/RichEditor/index.tsx';
import styles from './editor.module.css';
import { IconTool } from './IconTool.tsx';
import { newOption, type OptionValue } from './question-form.ts';

interface Props {
  value?: OptionValue[];
  onChange?: (value: OptionValue[]) => void;
  /** Several right answers (checkboxes) or exactly one (radios). */
  multiple: boolean;
  id?: string;
}

/** Moves the row at `from` one place up or down. */
export function moved<T>(list: T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * A choice question's options A–H: each rich text, marked right (one of them for a single choice, any number for a
 * multiple choice), moved up or down (its letter follows its place), removed down to two, added up to eight.
 */
export function ChoiceOptions({ value = [], onChange, multiple, id }: Props) {
  const { t } = useTranslation();
  const set = (next: OptionValue[]) => onChange?.(next);
  const patch = (i: number, part: Partial<OptionValue>) => set(value.map((o, j) => (j === i ? { ...o, ...part } : o)));
  const mark = (i: number, right: boolean) =>
    set(
      value.map((o, j) => {
        if (j === i) return { ...o, isAnswer: right ? 1 : 0 };
        return multiple ? o : { ...o, isAnswer: 0 };
      }),
    );

  return (
    <div id={id} className={styles.rows} data-testid="choice-options">
      {value.map((option, i) => {
        const letter = OPTION_LABELS[i] ?? '?';
        const right = option.isAnswer === 1;
        const markLabel = t('questionBank.editor.rightAnswer');
        return (
          <div key={option.key} className={`${styles.row} ${right ? styles.rowRight : ''}`} data-option={letter}>
            <div className={styles.rowHead}>
              <span className={styles.letter}>{letter}</span>
              {multiple ? (
                <Checkbox checked={right} onChange={(e) => mark(i, e.target.checked)}>
                  {markLabel}
                </Checkbox>
              ) : (
                <Radio checked={right} onChange={(e) => mark(i, e.target.checked)}>
                  {markLabel}
                </Radio>
              )}
              <span className={styles.grow} />
              <IconTool
                icon={<ArrowUpOutlined />}
                title={t('questionBank.editor.up')}
                label={t('questionBank.editor.optionUp', { letter })}
                disabled={i === 0}
                onClick={() => set(moved(value, i, -1))}
              />
              <IconTool
                icon={<ArrowDownOutlined />}
                title={t('questionBank.editor.down')}
                label={t('questionBank.editor.optionDown', { letter })}
                disabled={i === value.length - 1}
                onClick={() => set(moved(value, i, 1))}
              />
              <IconTool
                icon={<DeleteOutlined />}
                title={t('questionBank.editor.removeOption')}
                label={t('questionBank.editor.optionRemove', { letter })}
                danger
                disabled={value.length <= 2}
                onClick={() => set(value.filter((_, j) => j !== i))}
              />
            </div>
            <RichEditor
              value={option.content}
              onChange={(content) => patch(i, { content })}
              height={72}
              ariaLabel={t('questionBank.editor.optionContent', { letter })}
              placeholder={t('questionBank.editor.optionPlaceholder', { letter })}
            />
          </div>
        );
      })}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={value.length >= OPTION_LABELS.length}
        onClick={() => set([...value, newOption()])}
      >
        {value.length >= OPTION_LABELS.length
          ? t('questionBank.editor.optionsFull')
          : t('questionBank.editor.addOption', { letter: OPTION_LABELS[value.length] })}
      </Button>
    </div>
  );
}
