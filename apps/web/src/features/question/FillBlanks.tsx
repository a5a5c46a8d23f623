import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { moved } from './ChoiceOptions.tsx';
import styles from './editor.module.css';
import { IconTool } from './IconTool.tsx';
import { type BlankValue, newBlank } from './question-form.ts';

interface Props {
  value?: BlankValue[];
  onChange?: (value: BlankValue[]) => void;
  id?: string;
}

const RULES = ['caseSensitive', 'ignoreWidth', 'ignoreSpace'] as const;

/**
 * A fill-in-the-blank question's blanks, in the order of the gaps (____) in the stem: each accepts any of its answers
 * (typed one by one, Enter after each), compared by its rules, and is worth its own score.
 */
export function FillBlanks({ value = [], onChange, id }: Props) {
  const { t } = useTranslation();
  const set = (next: BlankValue[]) => onChange?.(next);
  const patch = (i: number, part: Partial<BlankValue>) => set(value.map((b, j) => (j === i ? { ...b, ...part } : b)));
  const total = value.reduce((sum, b) => sum + (b.score ?? 0), 0);

  return (
    <div id={id} className={styles.rows} data-testid="fill-blanks">
      {value.map((blank, i) => {
        const n = i + 1;
        return (
          <div key={blank.key} className={styles.row} data-blank={n}>
            <div className={styles.rowHead}>
              <span className={styles.letter}>{t('questionBank.editor.blank', { n })}</span>
              <span className={styles.grow} />
              <span className={styles.inlineField}>
                {t('questionBank.editor.blankScore')}
                <InputNumber
                  size="small"
                  min={0}
                  max={1000}
                  step={0.5}
                  value={blank.score}
                  onChange={(score) => patch(i, { score: score ?? undefined })}
                  aria-label={t('questionBank.editor.blankScoreOf', { n })}
                  style={{ width: 80 }}
                />
              </span>
              <IconTool
                icon={<ArrowUpOutlined />}
                title={t('questionBank.editor.up')}
                label={t('questionBank.editor.blankUp', { n })}
                disabled={i === 0}
                onClick={() => set(moved(value, i, -1))}
              />
              <IconTool
                icon={<ArrowDownOutlined />}
                title={t('questionBank.editor.down')}
                label={t('questionBank.editor.blankDown', { n })}
                disabled={i === value.length - 1}
                onClick={() => set(moved(value, i, 1))}
              />
              <IconTool
                icon={<DeleteOutlined />}
                title={t('questionBank.editor.removeBlank')}
                label={t('questionBank.editor.blankRemove', { n })}
                danger
                disabled={value.length <= 1}
                onClick={() => set(value.filter((_, j) => j !== i))}
              />
            </div>
            <Select
              mode="tags"
              open={false}
              suffixIcon={null}
              tokenSeparators={['|']}
              value={blank.answers}
              onChange={(answers: string[]) => patch(i, { answers: answers.map((a) => a.trim()).filter(Boolean) })}
              placeholder={t('questionBank.editor.answersPlaceholder')}
              aria-label={t('questionBank.editor.answersOf', { n })}
              style={{ width: '100%' }}
            />
            <div className={styles.rules}>
              {RULES.map((rule) => (
                <Checkbox key={rule} checked={blank[rule]} onChange={(e) => patch(i, { [rule]: e.target.checked })}>
                  {t(`questionView.rules.${rule}`)}
                </Checkbox>
              ))}
            </div>
          </div>
        );
      })}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        disabled={value.length >= 26}
        onClick={() => set([...value, newBlank()])}
      >
        {t('questionBank.editor.addBlank')}
      </Button>
      <div className={styles.hint}>{t('questionBank.editor.blankTotal', { count: value.length, total })}</div>
    </div>
  );
}
