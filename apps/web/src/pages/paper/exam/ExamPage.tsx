import {
  AppstoreOutlined,
  ArrowLeftOutlined,
  CheckCircleOutlined,
  CloudSyncOutlined,
  DisconnectOutlined,
  ExclamationCircleOutlined,
  FileTextOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LeftOutlined,
  LoadingOutlined,
  OrderedListOutlined,
  ReadOutlined,
  RightOutlined,
  SendOutlined,
} from '@ant-design/icons';
import type { AnswerValue, ExamPaper, MyAssignment, PracticeFeedback } from '@shixun/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Modal, Result, Segmented, Skeleton, Space, Spin, Tag, Tooltip } from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { attemptApi, takeApi } from '../../../api/assignment.ts';
import { HttpError } from '../../../api/http.ts';
import { useScreen } from '../../../app/useScreen.ts';
import { website } from '../../../config.ts';
import { TYPE_COLORS } from '../labels.ts';
import { AnswerSheet } from './AnswerSheet.tsx';
import { Countdown } from './Countdown.tsx';
import { clockOffset } from './clock.ts';
import styles from './exam.module.css';
import { examJournal } from './journal.ts';
import { type Leaf, leaves, optionForKey, pickOption, progress, topQuestions } from './paper.ts';
import { QuestionBlock } from './QuestionBlock.tsx';
import { EXAM_QUERY_KEY, listPath, MY_QUERY_KEY } from './routes.ts';
import { SubmittedView } from './SubmittedView.tsx';
import { AnswerSync, type SaveFailure, type SyncState } from './sync.ts';

type Layout = 'one' | 'all';
const LAYOUT_KEY = 'shixun.exam.layout';
type Phase = 'taking' | 'submitting' | 'timeup' | 'done';

/** No answer from the server (offline, timeout), its own trouble (5xx) or a lapsed sign-in: try again later. */
function classify(error: unknown): SaveFailure {
  if (error instanceof HttpError && error.code !== 0 && error.code !== 401 && error.code < 500)
    return { kind: 'refused', message: error.message };
  return { kind: 'network' };
}

const refused = (error: unknown) => classify(error).kind === 'refused';

async function loadPaper(id: string): Promise<{ paper: ExamPaper; offset: number }> {
  const sentAt = Date.now();
  const paper = await takeApi.paper(id);
  return { paper, offset: clockOffset(paper.attempt.serverTime, sentAt, Date.now()) };
}

const idle: SyncState = {
  ready: false,
  entries: new Map(),
  unacked: 0,
  sending: false,
  failure: null,
  savedAt: null,
  stopped: false,
};
const noSubscribe = () => () => undefined;
const idleState = () => idle;

function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const useOnline = () => useSyncExternalStore(subscribeOnline, () => navigator.onLine !== false);

function storedLayout(): Layout | undefined {
  try {
    const v = localStorage.getItem(LAYOUT_KEY);
    return v === 'one' || v === 'all' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** 已保存 only after the server's ack; 保存中… while anything is unconfirmed; offline and refused said plainly. */
function SaveStatus({ state, online }: { state: SyncState; online: boolean }) {
  const { t } = useTranslation();
  let icon = <CloudSyncOutlined />;
  let text = t('take.save.auto');
  let tone = styles.saveIdle;
  if (state.stopped && state.failure?.kind === 'refused') {
    icon = <ExclamationCircleOutlined />;
    text = t('take.save.stopped');
    tone = styles.saveError;
  } else if (!online || state.failure?.kind === 'network') {
    icon = <DisconnectOutlined />;
    text = t('take.save.local');
    tone = styles.saveWarn;
  } else if (state.unacked > 0 || state.sending) {
    icon = <LoadingOutlined />;
    text = t('take.save.saving');
  } else if (state.savedAt !== null) {
    icon = <CheckCircleOutlined />;
    text = t('take.save.saved');
    tone = styles.saveOk;
  }
  return (
    <output className={`${styles.save} ${tone}`} aria-live="polite" data-testid="save-status">
      {icon}
      <span>{text}</span>
    </output>
  );
}

/**
 * 考试作答 (`/paper/exam/:id`, the attempt): the paper is fetched (which starts the attempt on the server), then
 * answered with every change kept on this device and confirmed by the server, a countdown by the server's clock,
 * an answer sheet, and the hand-in. An attempt already handed in shows its result; one not open or closed says so.
 */
export default function ExamPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: [EXAM_QUERY_KEY, id],
    queryFn: () => loadPaper(id),
    enabled: Boolean(id),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnReconnect: false,
  });
  const data = query.data;

  if (query.isLoading)
    return (
      <div className={styles.exam} data-testid="exam-loading">
        <div className={styles.bar}>
          <Skeleton.Input active size="small" style={{ width: 220 }} />
          <Skeleton.Button active size="small" />
        </div>
        <div className={styles.loadingBody}>
          <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 3 }} />
          <Skeleton active paragraph={{ rows: 5 }} />
        </div>
      </div>
    );
  if (!data)
    return (
      <Result
        status="warning"
        title={t('take.loadFailed')}
        subTitle={query.error?.message}
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(listPath(undefined))}>
              {t('take.done.backMine')}
            </Button>
            <Button type="primary" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Space>
        }
      />
    );
  const { paper } = data;
  if (paper.attempt.state !== 'in_progress')
    return (
      <SubmittedView
        attemptId={paper.attempt.id}
        title={paper.assignment.title}
        kind={paper.assignment.kind}
        totalScore={paper.assignment.totalScore}
        how="earlier"
        serverAnswers={paper.answers}
      />
    );
  return <ExamRunner key={paper.attempt.id} paper={paper} offset={data.offset} reload={() => void query.refetch()} />;
}

function ExamRunner({ paper, offset: loadedOffset, reload }: { paper: ExamPaper; offset: number; reload: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const wide = useScreen() >= 2;
  const online = useOnline();
  const attemptId = paper.attempt.id;
  const { assignment } = paper;
  const isPractice = assignment.kind === 'practice';

  // ── The clock: the server's, through the offset measured at the load and at every ack ──
  const [clock, setClock] = useState({ offset: loadedOffset, endTime: paper.attempt.endTime });
  useEffect(() => setClock({ offset: loadedOffset, endTime: paper.attempt.endTime }), [loadedOffset, paper]);

  // ── Answers: the journal and autosave ──
  const [sync, setSync] = useState<AnswerSync | null>(null);
  const firstAnswers = useRef(paper.answers);
  useEffect(() => {
    const s = new AnswerSync({
      attemptId,
      journal: examJournal(),
      send: (answers) => takeApi.save(attemptId, answers, { quiet: true }),
      classify,
      onAck: (ack, sentAt, receivedAt) =>
        setClock({ offset: clockOffset(ack.serverTime, sentAt, receivedAt), endTime: ack.endTime }),
    });
    setSync(s);
    void s.start(firstAnswers.current);
    // Leaving the page inside the app: what is unconfirmed goes now (the journal keeps it either way).
    return () => void s.flush().finally(() => s.dispose());
  }, [attemptId]);
  const state = useSyncExternalStore(sync?.subscribe ?? noSubscribe, sync?.getState ?? idleState);

  // ── The paper ──
  const tops = useMemo(() => topQuestions(paper.sections), [paper.sections]);
  const all = useMemo(() => leaves(paper.sections), [paper.sections]);
  const [layout, setLayoutState] = useState<Layout>(() => storedLayout() ?? (wide ? 'all' : 'one'));
  const setLayout = (next: Layout) => {
    setLayoutState(next);
    try {
      localStorage.setItem(LAYOUT_KEY, next);
    } catch {
      // Not remembered; the choice still holds on this page.
    }
  };
  const [current, setCurrent] = useState(0);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [remarkOpen, setRemarkOpen] = useState(true);

  // ── Hand-in ──
  const [phase, setPhase] = useState<Phase>('taking');
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const [done, setDone] = useState<{ result: MyAssignment | null; auto: boolean; lost: number } | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  // ── Practice ──
  const [feedback, setFeedback] = useState<Record<string, PracticeFeedback>>({});
  const [checking, setChecking] = useState<string | null>(null);

  const disabled = phase !== 'taking' || !state.ready || state.stopped;

  const onAnswer = useCallback(
    (questionId: string, value: AnswerValue) => {
      sync?.change(questionId, { answer: value });
      setFeedback((f) => {
        if (!(questionId in f)) return f;
        const { [questionId]: _, ...rest } = f;
        return rest;
      });
    },
    [sync],
  );
  const onFlag = useCallback((questionId: string, flagged: 0 | 1) => sync?.change(questionId, { flagged }), [sync]);

  const check = async (questionId: string) => {
    if (!sync) return;
    setChecking(questionId);
    try {
      await sync.flush();
      if (!sync.isAcked(questionId)) {
        void message.warning(t('take.practice.notSaved'));
        return;
      }
      const answer = await takeApi.check(attemptId, questionId);
      setFeedback((f) => ({ ...f, [questionId]: answer }));
    } catch {
      // The HTTP client has said why.
    } finally {
      setChecking(null);
    }
  };

  const finish = async (result: MyAssignment | null, auto: boolean, lost: number) => {
    await sync?.finish();
    void queryClient.invalidateQueries({ queryKey: MY_QUERY_KEY });
    if (!alive.current) return;
    setDone({ result, auto, lost });
    setPhase('done');
  };

  /** Hands the paper in with whatever the server has not confirmed; by the timer, it keeps trying until it lands. */
  const submit = async (auto: boolean) => {
    if (!sync || phaseRef.current === 'submitting' || phaseRef.current === 'done') return;
    setPhase(auto ? 'timeup' : 'submitting');
    setSubmitError(null);
    await sync.pause();
    for (;;) {
      try {
        const result = await takeApi.submit(attemptId, sync.pending(), { quiet: true });
        await finish(result, auto, 0);
        return;
      } catch (error) {
        if (refused(error)) {
          // Time is up or it was handed in already (the timer on the server, another device): see which.
          const fresh = await takeApi.paper(attemptId).catch(() => null);
          if (fresh && fresh.attempt.state !== 'in_progress') {
            await finish(null, auto, sync.pending().length);
            return;
          }
          if (!alive.current) return;
          setPhase('taking');
          sync.resume();
          void message.error((error as Error).message);
          return;
        }
        if (!auto) {
          if (!alive.current) return;
          setPhase('taking');
          sync.resume();
          void message.error(t('take.submit.networkFailed'));
          return;
        }
        if (!alive.current) return;
        setSubmitError(t('take.submit.retrying'));
        await new Promise((r) => setTimeout(r, 5000));
        if (!alive.current) return;
      }
    }
  };

  const { unanswered, flagged } = progress(all, state.entries);

  const confirmSubmit = () => {
    const pending = state.unacked;
    modal.confirm({
      title: t('take.submit.title'),
      icon: <SendOutlined />,
      okText: t('take.submit.ok'),
      cancelText: t('take.submit.cancel'),
      content: (
        <div className={styles.confirm} data-testid="submit-confirm">
          {unanswered.length ? (
            <div>
              <p>{t('take.submit.unanswered', { count: unanswered.length })}</p>
              <p className={styles.numbers}>{unanswered.map((l) => l.label).join(t('take.sheet.comma'))}</p>
            </div>
          ) : (
            <p>{t('take.submit.allAnswered')}</p>
          )}
          {flagged.length > 0 && (
            <div>
              <p>{t('take.submit.flagged', { count: flagged.length })}</p>
              <p className={styles.numbers}>{flagged.map((l) => l.label).join(t('take.sheet.comma'))}</p>
            </div>
          )}
          {pending > 0 && (
            <Alert
              type={online ? 'info' : 'warning'}
              showIcon
              title={online ? t('take.submit.pending', { count: pending }) : t('take.submit.pendingOffline')}
            />
          )}
          <p className={styles.muted}>{t('take.submit.final')}</p>
        </div>
      ),
      onOk: () => {
        void submit(false);
      },
    });
  };

  // ── Moving around ──
  const go = useCallback(
    (index: number) => {
      const next = Math.max(0, Math.min(tops.length - 1, index));
      setCurrent(next);
      window.scrollTo({ top: 0 });
    },
    [tops.length],
  );
  const jump = (leaf: Leaf) => {
    setSheetOpen(false);
    setCurrent(leaf.top);
    // After the question is on screen (one-per-screen renders it now; the drawer closes).
    setTimeout(() => {
      const el = document.getElementById(`q-${leaf.question.id}`);
      if (layout === 'all' || leaf.question.no.startsWith('(')) el?.scrollIntoView?.({ block: 'start' });
      else window.scrollTo({ top: 0 });
    }, 50);
  };

  // ←/→ move, 1–8 or A–H pick an option (one per screen). Never while typing, and a focused radio's own arrow keys
  // are taken over, so an arrow never changes an answer by surprise.
  useEffect(() => {
    if (layout !== 'one') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.isComposing || phaseRef.current !== 'taking') return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('.ant-modal, .ant-drawer')) return;
      const typing =
        target instanceof HTMLTextAreaElement ||
        (target instanceof HTMLInputElement && target.type !== 'radio' && target.type !== 'checkbox') ||
        target?.isContentEditable;
      if (typing) return;
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        go(current + (e.key === 'ArrowRight' ? 1 : -1));
        return;
      }
      const question = tops[current]?.question;
      if (!question || disabled || e.shiftKey) return;
      const option = optionForKey(question, e.key);
      if (!option) return;
      e.preventDefault();
      onAnswer(question.id, pickOption(question, state.entries.get(question.id)?.answer, option));
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [layout, current, tops, go, disabled, onAnswer, state.entries]);

  // In the whole paper, the question in view is the one the answer sheet outlines.
  useEffect(() => {
    if (layout !== 'all' || !state.ready || typeof IntersectionObserver === 'undefined') return;
    const index = new Map(tops.map((q, i) => [`q-${q.question.id}`, i]));
    const observer = new IntersectionObserver(
      (seen) => {
        const top = seen
          .filter((s) => s.isIntersecting)
          .map((s) => index.get(s.target.getAttribute('data-top') ?? '') ?? -1)
          .filter((i) => i >= 0)
          .sort((a, b) => a - b)[0];
        if (top !== undefined) setCurrent(top);
      },
      { rootMargin: '-140px 0px -55% 0px' },
    );
    for (const el of document.querySelectorAll('[data-top]')) observer.observe(el);
    return () => observer.disconnect();
  }, [layout, tops, state.ready]);

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
  }, [sync, attemptId]);

  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFull = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  };

  // Closing the tab with answers the server has not confirmed: the browser asks first (they are on this device).
  useEffect(() => {
    if (phase !== 'taking' || state.unacked === 0) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [phase, state.unacked]);

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

  const onWarn = useCallback(
    (minutes: number) =>
      void message.warning({ content: t('take.timer.warn', { count: minutes }), duration: 6, key: 'exam-timer' }),
    [message, t],
  );
  const onExpire = () => {
    if (phaseRef.current === 'taking') void submit(true);
  };

  if (phase === 'done' && done)
    return (
      <SubmittedView
        attemptId={attemptId}
        title={assignment.title}
        kind={assignment.kind}
        totalScore={assignment.totalScore}
        how={done.auto ? 'auto' : 'manual'}
        result={done.result}
        lost={done.lost}
      />
    );

  const practice = isPractice ? { onCheck: (q: string) => void check(q), checking, feedback } : undefined;
  const block = (index: number) => {
    const top = tops[index];
    if (!top) return null;
    return (
      <div key={top.question.id} data-top={`q-${top.question.id}`} className={styles.slot}>
        <QuestionBlock
          question={top.question}
          entries={state.entries}
          disabled={disabled}
          onAnswer={onAnswer}
          onFlag={onFlag}
          {...(practice ? { practice } : {})}
        />
      </div>
    );
  };

  const layoutSwitch = (
    <Segmented<Layout>
      value={layout}
      onChange={setLayout}
      options={[
        { value: 'one', label: t('take.layout.one'), icon: <ReadOutlined /> },
        { value: 'all', label: t('take.layout.all'), icon: <OrderedListOutlined /> },
      ]}
    />
  );
  const sheet = (
    <AnswerSheet sections={paper.sections} leaves={all} entries={state.entries} current={current} onJump={jump} />
  );
  const answeredCount = all.length - unanswered.length;
  const currentTop = tops[current];

  let body: ReactNode;
  if (!state.ready) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (!tops.length) {
    body = <Result status="info" title={t('take.empty')} />;
  } else if (layout === 'one') {
    const section = currentTop?.section;
    body = (
      <>
        {section && (
          <header className={styles.sectionHead}>
            <h2>{section.name}</h2>
            {section.remark && <p className={styles.muted}>{section.remark}</p>}
          </header>
        )}
        {block(current)}
        <nav className={styles.stepper} aria-label={t('take.nav.label')}>
          <Button size="large" icon={<LeftOutlined />} disabled={current === 0} onClick={() => go(current - 1)}>
            {t('take.nav.prev')}
          </Button>
          <span className={styles.stepCount}>{t('take.nav.position', { n: current + 1, total: tops.length })}</span>
          {current < tops.length - 1 ? (
            <Button size="large" type="primary" onClick={() => go(current + 1)}>
              {t('take.nav.next')}
              <RightOutlined />
            </Button>
          ) : (
            <Button size="large" type="primary" icon={<SendOutlined />} disabled={disabled} onClick={confirmSubmit}>
              {t('take.submit.button')}
            </Button>
          )}
        </nav>
        {wide && <p className={styles.keys}>{t('take.nav.keys')}</p>}
      </>
    );
  } else {
    body = paper.sections.map((section) => {
      const first = tops.findIndex((q) => q.section.id === section.id);
      return (
        <section key={section.id} className={styles.sectionAll}>
          <header className={styles.sectionHead}>
            <h2>{section.name}</h2>
            {section.remark && <p className={styles.muted}>{section.remark}</p>}
          </header>
          {section.questions.map((_, k) => block(first + k))}
        </section>
      );
    });
  }

  const refusal = state.failure?.kind === 'refused' ? state.failure.message : null;

  return (
    <div className={styles.exam} data-testid="exam-page">
      <header className={styles.bar}>
        <div className={styles.barTitle}>
          <Tag color={TYPE_COLORS[assignment.kind]} variant="filled">
            {t(`take.kind.${assignment.kind}`)}
          </Tag>
          <h1 title={assignment.title}>{assignment.title}</h1>
        </div>
        <div className={styles.barInfo}>
          {clock.endTime && (
            <Countdown endTime={clock.endTime} offset={clock.offset} onWarn={onWarn} onExpire={onExpire} />
          )}
          <SaveStatus state={state} online={online} />
        </div>
        <div className={styles.barActions}>
          {wide ? (
            layoutSwitch
          ) : (
            <Button icon={<AppstoreOutlined />} onClick={() => setSheetOpen(true)} aria-label={t('take.sheet.title')}>
              {answeredCount}/{all.length}
            </Button>
          )}
          {typeof document !== 'undefined' && document.fullscreenEnabled && (
            <Tooltip title={full ? t('take.fullscreen.exit') : t('take.fullscreen.enter')}>
              <Button
                className={styles.fullscreenButton}
                icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                aria-label={full ? t('take.fullscreen.exit') : t('take.fullscreen.enter')}
                onClick={toggleFull}
              />
            </Tooltip>
          )}
          <Button type="primary" icon={<SendOutlined />} disabled={disabled} onClick={confirmSubmit}>
            {t('take.submit.button')}
          </Button>
        </div>
      </header>

      <div className={styles.banners}>
        {refusal ? (
          <Alert
            type="error"
            showIcon
            title={t('take.save.refused', { reason: refusal })}
            action={
              <Button size="small" onClick={reload}>
                {t('take.save.checkState')}
              </Button>
            }
          />
        ) : (
          (!online || state.failure?.kind === 'network') && (
            <Alert type="warning" showIcon icon={<DisconnectOutlined />} title={t('take.offline')} />
          )
        )}
      </div>

      <div className={wide ? styles.body : styles.bodyNarrow}>
        <main className={styles.main}>
          {(assignment.remark || !isPractice) && remarkOpen && (
            <Alert
              className={styles.remark}
              type="info"
              icon={<FileTextOutlined />}
              showIcon
              closable={{ onClose: () => setRemarkOpen(false), 'aria-label': t('common.close') }}
              title={assignment.remark ? t('take.remark') : undefined}
              description={
                <>
                  {assignment.remark && <div className={styles.remarkText}>{assignment.remark}</div>}
                  {!isPractice && <div className={styles.integrity}>{t('take.integrity')}</div>}
                </>
              }
            />
          )}
          {body}
        </main>
        {wide && (
          <aside className={styles.side}>
            <div className={styles.sideInner}>{sheet}</div>
          </aside>
        )}
      </div>

      {!wide && (
        <Drawer
          title={t('take.sheet.title')}
          placement="bottom"
          size="75vh"
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          className={styles.sheetDrawer}
        >
          <div className={styles.drawerLayout}>{layoutSwitch}</div>
          {sheet}
        </Drawer>
      )}

      <Modal
        open={phase === 'submitting' || phase === 'timeup'}
        closable={false}
        mask={{ closable: false }}
        keyboard={false}
        footer={null}
        centered
        width={360}
      >
        <div className={styles.handing} data-testid="exam-handing-in">
          <Spin size="large" />
          <p className={styles.handingTitle}>{phase === 'timeup' ? t('take.timer.up') : t('take.submit.sending')}</p>
          {submitError && <p className={styles.muted}>{submitError}</p>}
        </div>
      </Modal>
    </div>
  );
}
