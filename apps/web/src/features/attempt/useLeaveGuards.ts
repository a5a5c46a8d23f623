import { App } from 'antd';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { attemptApi } from '../../api/assignment.ts';
import { website } from '../../config.ts';
import type { Phase } from './ExamPage.tsx';
import type { AnswerSync } from './sync.ts';

interface Guards {
  sync: AnswerSync | null;
  attemptId: string;
  phase: Phase;
  phaseRef: RefObject<Phase>;
  /** Answers the server has not confirmed yet. */
  unacked: number;
  isPractice: boolean;
}

/**
 * Leaving the attempt, for a moment or for good: what is unconfirmed is saved at once, leaving the page or full
 * screen is reported to the teacher, and closing the tab or going elsewhere in the app is asked about first.
 */
export function useLeaveGuards({ sync, attemptId, phase, phaseRef, unacked, isPractice }: Guards): void {
  const { t } = useTranslation();
  const { modal } = App.useApp();

  // ── Saving at once when leaving, the network, integrity signals ──
  useEffect(() => {
    if (!sync) return;
    const report = (kind: 'left_page' | 'left_fullscreen') => {
      if (phaseRef.current !== 'taking') return;
      void attemptApi.event(attemptId, kind, { quiet: true }).catch(() => undefined);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        void sync.flush();
        report('left_page');
      } else {
        // Back: the clock may have drifted and the teacher may have given time.
        void sync.ping();
      }
    };
    const onHide = () => void sync.flush();
    const onOnline = () => void sync.ping();
    let wasFull = Boolean(document.fullscreenElement);
    const onFullscreen = () => {
      const full = Boolean(document.fullscreenElement);
      if (wasFull && !full) report('left_fullscreen');
      wasFull = full;
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onHide);
    window.addEventListener('blur', onHide);
    window.addEventListener('online', onOnline);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('blur', onHide);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, [sync, attemptId, phaseRef]);

  // Closing the tab with answers the server has not confirmed: the browser asks first (they are on this device).
  useEffect(() => {
    if (phase !== 'taking' || unacked === 0) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [phase, unacked]);

  // Leaving for another page of the app while answering: the timer does not stop, so ask.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      phase === 'taking' &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== website.loginPath &&
      nextLocation.pathname !== website.lockPath,
  );
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    modal.confirm({
      title: t('take.leave.title'),
      content: isPractice ? t('take.leave.practice') : t('take.leave.exam'),
      okText: t('take.leave.ok'),
      cancelText: t('take.leave.stay'),
      onOk: () => {
        asking.current = false;
        void sync?.flush();
        blocker.proceed();
      },
      onCancel: () => {
        asking.current = false;
        blocker.reset();
      },
    });
  }, [blocker, modal, t, isPractice, sync]);
}
