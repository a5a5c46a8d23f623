import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/useDocumentTitle.ts';
import styles from './exam.module.css';

/**
 * The focused page (outside the app's shell: no menu, tabs or search to wander into), titled after the paper. Every
 * state of the page — loading, refused, answering, handed in — sits in it.
 */
export function ExamFrame({ title, children }: { title?: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(title ?? t('take.pageTitle'));
  return <div className={styles.frame}>{children}</div>;
}
