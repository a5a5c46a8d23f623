import { Button, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './marking.module.css';
import { clampScore, quickScores } from './marking.ts';

/**
 * A mark: a score from 0 to the question's score in steps of 0.5 (tenths may be typed), with quick buttons for
 * nothing, half and full marks. Enter hands the mark on (`onEnter`: save and go to the next answer).
 */
export function ScoreInput({
  value,
  max,
  onChange,
  onEnter,
  inputRef,
  disabled,
  id,
  label,
}: {
  value: number | null;
  max: number;
  onChange: (score: number | null) => void;
  onEnter?: () => void;
  /** Receives the input, to focus it from elsewhere (the next answer after Enter). */
  inputRef?: (input: { focus: () => void } | null) => void;
  disabled?: boolean;
  id?: string;
  /** Read by screen readers: whose answer this scores. */
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <span className={styles.scoreInput}>
      <InputNumber
        id={id}
        ref={inputRef}
        value={value}
        min={0}
        max={max}
        step={0.5}
        precision={1}
        disabled={disabled}
        aria-label={label}
        placeholder={t('marking.scorePlaceholder')}
        suffix={`/ ${max}`}
        onChange={(v) => onChange(typeof v === 'number' ? clampScore(v, max) : null)}
        onPressEnter={(e) => {
          e.preventDefault();
          onEnter?.();
        }}
        className={styles.scoreNumber}
      />
      <span className={styles.quick}>
        {quickScores(max).map((score) => (
          <Button
            key={score}
            size="small"
            disabled={disabled}
            type={value === score ? 'primary' : 'default'}
            onClick={() => onChange(score)}
          >
            {score === max ? t('marking.full') : score === 0 ? '0' : String(score)}
          </Button>
        ))}
      </span>
    </span>
  );
}
