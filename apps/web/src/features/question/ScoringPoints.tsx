import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './editor.module.css';
import { newPoint, type PointValue } from './question-form.ts';

interface Props {
  value?: PointValue[];
  onChange?: (value: PointValue[]) => void;
  id?: string;
}

/** A short-answer question's scoring points (optional): what a marker looks for, each worth its score. */
export function ScoringPoints({ value = [], onChange, id }: Props) {
  const { t } = useTranslation();
  const set = (next: PointValue[]) => onChange?.(next);
  const patch = (i: number, part: Partial<PointValue>) => set(value.map((p, j) => (j === i ? { ...p, ...part } : p)));
  return (
    <div id={id} className={styles.rows} data-testid="scoring-points">
      {value.map((point, i) => (
        <div key={point.key} className={styles.pointRow}>
          <span className={styles.letter}>{i + 1}</span>
          <Input.TextArea
            autoSize={{ minRows: 1, maxRows: 4 }}
            value={point.content}
            onChange={(e) => patch(i, { content: e.target.value })}
            placeholder={t('questionBank.editor.pointPlaceholder')}
            aria-label={t('questionBank.editor.pointOf', { n: i + 1 })}
          />
          <InputNumber
            min={0}
            max={1000}
            step={0.5}
            value={point.score}
            onChange={(score) => patch(i, { score: score ?? undefined })}
            aria-label={t('questionBank.editor.pointScoreOf', { n: i + 1 })}
            suffix={t('questionBank.editor.points')}
            style={{ width: 100 }}
          />
          <Tooltip title={t('questionBank.editor.removePoint')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('questionBank.editor.pointRemove', { n: i + 1 })}
              onClick={() => set(value.filter((_, j) => j !== i))}
            />
          </Tooltip>
        </div>
      ))}
      <Button type="dashed" block icon={<PlusOutlined />} onClick={() => set([...value, newPoint()])}>
        {t('questionBank.editor.addPoint')}
      </Button>
    </div>
  );
}
