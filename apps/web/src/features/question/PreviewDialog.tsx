import { EyeOutlined } from '@ant-design/icons';
import { Button, Empty, Modal, Spin, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QuestionView, type ViewQuestion } from '../../components/QuestionView/index.tsx';
import styles from './editor.module.css';

interface Props {
  open: boolean;
  /** Undefined while it loads. */
  question: ViewQuestion | undefined;
  loading?: boolean;
  onClose: () => void;
}

/**
 * 预览: the question exactly as a student sees it (options to pick, boxes to fill — answers are not kept), and at
 * the flick of a switch with its right answers, reference answer, scoring points and analysis.
 */
export function PreviewDialog({ open, question, loading, onClose }: Props) {
  const { t } = useTranslation();
  const [showAnswer, setShowAnswer] = useState(false);
  return (
    <Modal
      open={open}
      title={
        <span>
          <EyeOutlined /> {t('questionBank.preview.title')}
        </span>
      }
      onCancel={onClose}
      width={820}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <div className={styles.previewBar}>
        <span className={styles.hint}>{t('questionBank.preview.hint')}</span>
        <span className={styles.inlineField}>
          <Switch id="question-preview-answers" checked={showAnswer} onChange={setShowAnswer} size="small" />
          <label htmlFor="question-preview-answers">{t('questionBank.preview.showAnswer')}</label>
        </span>
      </div>
      <Spin spinning={Boolean(loading)}>
        <div className={styles.paper} data-testid="question-preview">
          {question ? (
            <QuestionView question={question} number={1} showAnswer={showAnswer} />
          ) : (
            !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </div>
      </Spin>
    </Modal>
  );
}
