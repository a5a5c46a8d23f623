import type { ScoringPoint } from '@shixun/contracts';
import { Button, Checkbox, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { RichHtml } from '../../components/QuestionView/index.tsx';
import styles from './marking.module.css';
import { clampScore, pointsScore, quickScores } from './marking.ts';

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

/**
 * A short answer's scoring points (要点) beside the answer, to tick: the mark becomes the sum of the ticked points
 * (the score can still be typed). Points worth nothing are a checklist and leave the mark alone. Which points were
 * ticked is not stored: the mark is.
 */
export function PointTicks({
  points,
  ticked,
  onChange,
  label,
}: {
  points: ScoringPoint[];
  ticked: string[];
  /** The ticked points and, when points carry scores, the mark they make. */
  onChange: (ticked: string[], score: number | null) => void;
  /** Read by screen readers: whose answer these points score. */
  label: string;
}) {
  const { t } = useTranslation();
  const scored = points.some((p) => p.score > 0);
  return (
    <fieldset className={styles.points} aria-label={label} data-testid="scoring-points">
      <legend className={styles.pointsLegend}>{t(scored ? 'marking.pointsTick' : 'marking.pointsCheck')}</legend>
      {points.map((p, i) => (
        <Checkbox
          key={p.id}
          className={styles.point}
          checked={ticked.includes(p.id)}
          onChange={(e) => {
            const next = e.target.checked ? [...ticked, p.id] : ticked.filter((id) => id !== p.id);
            onChange(next, scored ? pointsScore(points, next) : null);
          }}
        >
          <span className={styles.pointText}>
            {i + 1}. <RichHtml html={p.content} inline />
          </span>{' '}
          {scored ? <span className={styles.pointScore}>{t('marking.points', { score: p.score })}</span> : null}
        </Checkbox>
      ))}
    </fieldset>
  );
}
