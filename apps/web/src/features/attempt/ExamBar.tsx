import { AppstoreOutlined, SendOutlined } from '@ant-design/icons';
import type { ExamPaper } from '@shixun/contracts';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';
import { TYPE_COLORS } from '../paper/labels.ts';
import { Countdown } from './Countdown.tsx';
import styles from './exam.module.css';
import { FullscreenButton } from './FullscreenButton.tsx';
import { LayoutSwitch } from './LayoutSwitch.tsx';
import { SaveStatus } from './SaveStatus.tsx';
import type { SyncState } from './sync.ts';
import type { Layout } from './useLayout.ts';

interface Props {
  assignment: ExamPaper['assignment'];
  /** The attempt's end by the server's clock (null: no limit) and server clock minus device clock. */
  clock: { endTime: string | null; offset: number };
  onWarn: (minutes: number) => void;
  onExpire: () => void;
  state: SyncState;
  online: boolean;
  /** A wide screen switches the layout here; a narrow one opens the answer sheet (which has the switch). */
  wide: boolean;
  layout: Layout;
  onLayout: (next: Layout) => void;
  answered: number;
  /** The paper's questions by the contracts' one rule (countPaperQuestions): what the answer sheet counts. */
  total: number;
  onOpenSheet: () => void;
  /** Hand-in is disabled. */
  disabled: boolean;
  onSubmit: () => void;
}

/**
 * The focused page's header (the exam has no shell): its kind, title and size, the time left, the save status, the
 * layout or sheet, the language and the hand-in.
 */
export function ExamBar({
  assignment,
  clock,
  onWarn,
  onExpire,
  state,
  online,
  wide,
  layout,
  onLayout,
  answered,
  total,
  onOpenSheet,
  disabled,
  onSubmit,
}: Props) {
  const { t } = useTranslation();
  return (
    <header className={styles.bar}>
      <div className={styles.barTitle}>
        <Tag color={TYPE_COLORS[assignment.kind]} variant="filled">
          {t(`take.kind.${assignment.kind}`)}
        </Tag>
        <h1 title={assignment.title}>{assignment.title}</h1>
        {wide && (
          <span className={styles.barCount} data-testid="exam-count">
            {t('take.my.questions', { count: total, score: Math.round(assignment.totalScore * 10) / 10 })}
          </span>
        )}
      </div>
      <div className={styles.barInfo}>
        {clock.endTime && (
          <Countdown
            endTime={clock.endTime}
            offset={clock.offset}
            onWarn={onWarn}
            onExpire={onExpire}
            deadline={assignment.duration <= 0}
          />
        )}
        <SaveStatus state={state} online={online} />
      </div>
      <div className={styles.barActions}>
        {wide ? (
          <LayoutSwitch layout={layout} onChange={onLayout} />
        ) : (
          <Button
            icon={<AppstoreOutlined />}
            onClick={onOpenSheet}
            aria-label={`${t('take.sheet.title')} ${t('take.sheet.answered', { done: answered, total })}`}
            data-testid="exam-sheet-button"
          >
            {answered}/{total}
          </Button>
        )}
        {typeof document !== 'undefined' && document.fullscreenEnabled && <FullscreenButton />}
        <LanguageSwitch className={styles.barLanguage} />
        <Button type="primary" icon={<SendOutlined />} disabled={disabled} onClick={onSubmit}>
          {t('take.submit.button')}
        </Button>
      </div>
    </header>
  );
}
