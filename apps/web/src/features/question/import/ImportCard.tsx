import { EditOutlined, RollbackOutlined, StopOutlined } from '@ant-design/icons';
import type { ImportFix, PreviewQuestion } from '@shixun/contracts';
import { Button, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionView, RichHtml } from '../../../components/QuestionView/index.tsx';
import { useSettings } from '../../../stores/settings.ts';
import { typeName } from '../labels.ts';
import { FixForm } from './FixForm.tsx';
import { fixOf, fixValuesOf } from './fix-draft.ts';
import styles from './import.module.css';

interface Props {
  question: PreviewQuestion;
  /** Its place among the file's questions, from 0. */
  index: number;
  /** A fix of it is being checked. */
  busy: boolean;
  onFix: (fix: ImportFix) => Promise<boolean>;
  onSkip: (skip: boolean) => void;
}

/**
 * One question of an import as it will be saved — type, stem, options with the right ones marked, answer,
 * analysis, score and parts — with what is wrong with it, and 修改 / 跳过 / 恢复.
 */
export function ImportCard({ question: q, index, busy, onFix, onSkip }: Props) {
  const { t } = useTranslation();
  const zh = useSettings((s) => s.language) !== 'en';
  const [fixing, setFixing] = useState(false);
  const flagged = q.problems.length > 0;
  const skipped = q.kept === false;
  const status = skipped ? 'skipped' : flagged ? 'flagged' : 'ok';
  const titleId = `import-q-${index}`;

  return (
    <section
      className={`${styles.card} ${styles[status] ?? ''}`}
      aria-labelledby={titleId}
      data-testid="import-question"
      data-status={status}
    >
      <header className={styles.cardHead}>
        <Space size={6} wrap>
          <Typography.Text strong id={titleId}>
            {q.label}
          </Typography.Text>
          {skipped && <Typography.Text type="secondary">{typeName(q.type)}</Typography.Text>}
          {skipped ? (
            <Tag>{t('questionBank.import.skippedTag')}</Tag>
          ) : flagged ? (
            <Tag color="error">{t('questionBank.import.flaggedTag')}</Tag>
          ) : (
            <Tag color="success">{t('questionBank.import.ok')}</Tag>
          )}
        </Space>
        <Space size={4} wrap>
          {!skipped && q.fixable && !fixing && (
            <Button size="small" icon={<EditOutlined />} onClick={() => setFixing(true)} aria-describedby={titleId}>
              {t('questionBank.import.fix')}
            </Button>
          )}
          {skipped ? (
            <Button size="small" icon={<RollbackOutlined />} onClick={() => onSkip(false)} aria-describedby={titleId}>
              {t('questionBank.import.keep')}
            </Button>
          ) : (
            <Button size="small" icon={<StopOutlined />} onClick={() => onSkip(true)} aria-describedby={titleId}>
              {t('questionBank.import.skip')}
            </Button>
          )}
        </Space>
      </header>
      {q.original && !skipped && (
        <details className={styles.original}>
          <summary>{t('questionBank.import.original')}</summary>
          <pre>{q.original}</pre>
        </details>
      )}
      {flagged && !skipped && (
        <ul className={styles.problems}>
          {q.problems.map((p) => (
            <li key={p}>
              <Typography.Text type="danger">{p}</Typography.Text>
            </li>
          ))}
        </ul>
      )}
      {fixing && !skipped ? (
        <>
          <RichHtml html={q.stem} />
          <FixForm
            index={index}
            initial={fixValuesOf(q, zh)}
            busy={busy}
            onCancel={() => setFixing(false)}
            onSave={(values) => {
              void onFix(fixOf(index, fixValuesOf(q, zh), values)).then((done) => done && setFixing(false));
            }}
          />
        </>
      ) : (
        !skipped && <QuestionView question={q} showAnswer />
      )}
    </section>
  );
}
