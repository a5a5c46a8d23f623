import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import type { AnswerValue, ExamPaper, MyAssignment, PracticeFeedback } from '@shixun/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Result, Skeleton, Space } from 'antd';
import { type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { takeApi } from '../../api/assignment.ts';
import { HttpError } from '../../api/http.ts';
import { useScreen } from '../../app/useScreen.ts';
import { useAccessPassword } from './AccessPassword.tsx';
import { AnswerSheet } from './AnswerSheet.tsx';
import { clockOffset } from './clock.ts';
import { ExamBar } from './ExamBar.tsx';
import { ExamBody } from './ExamBody.tsx';
import { ExamFrame } from './ExamFrame.tsx';
import { ExamNotice } from './ExamNotice.tsx';
import styles from './exam.module.css';
import { HandingIn } from './HandingIn.tsx';
import { examJournal } from './journal.ts';
import { LayoutSwitch } from './LayoutSwitch.tsx';
import { loadPaper } from './load.ts';
import { type Leaf, leaves, progress, topQuestions } from './paper.ts';
import { EXAM_QUERY_KEY, listPath, MY_QUERY_KEY } from './routes.ts';
import { SaveBanner } from './SaveBanner.tsx';
import { SubmitConfirm } from './SubmitConfirm.tsx';
import { SubmittedView } from './SubmittedView.tsx';
import { classify, refused } from './save-failure.ts';
import { AnswerSync } from './sync.ts';
import { useExamKeys } from './useExamKeys.ts';
import { useKeptPaper } from './useKeptPaper.ts';
import { useLayout } from './useLayout.ts';
import { useLeaveGuards } from './useLeaveGuards.ts';
import { useOnline } from './useOnline.ts';
import { useQuestionInView } from './useQuestionInView.ts';
import { useSyncState } from './useSyncState.ts';

const MAIN_ID = 'exam-main';

/** Where the hand-in stands: answering, handing in (by the student or the timer), handed in. */
export type Phase = 'taking' | 'submitting' | 'timeup' | 'done';

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
  // Opened by a link before starting an attempt that needs a password: ask for it here, then load the started paper.
  const password = useAccessPassword(() => void query.refetch());
  const needsPassword =
    query.error instanceof HttpError &&
    (query.error.body as { data?: { needsPassword?: boolean } } | undefined)?.data?.needsPassword === true;

  if (query.isLoading)
    return (
      <ExamFrame>
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
      </ExamFrame>
    );
  if (!data)
    return (
      <ExamFrame>
        <Result
          status={needsPassword ? 'info' : 'warning'}
          title={t(needsPassword ? 'take.my.passwordNeeded' : 'take.loadFailed')}
          subTitle={query.error?.message}
          extra={
            <Space wrap>
              <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(listPath(undefined))}>
                {t('take.done.backMine')}
              </Button>
              {needsPassword ? (
                <Button type="primary" onClick={() => password.ask(id, '')}>
                  {t('take.my.passwordEnter')}
                </Button>
              ) : (
                <Button type="primary" onClick={() => void query.refetch()}>
                  {t('common.retry')}
                </Button>
              )}
            </Space>
          }
        />
        {password.dialog}
      </ExamFrame>
    );
  const { paper } = data;
  if (paper.attempt.state !== 'in_progress')
    return (
      <ExamFrame title={paper.assignment.title}>
        <SubmittedView
          attemptId={paper.attempt.id}
          title={paper.assignment.title}
          kind={paper.assignment.kind}
          totalScore={paper.assignment.totalScore}
          how="earlier"
          serverAnswers={paper.answers}
        />
      </ExamFrame>
    );
  return (
    <ExamFrame title={paper.assignment.title}>
      <ExamRunner key={paper.attempt.id} paper={paper} offset={data.offset} reload={() => void query.refetch()} />
    </ExamFrame>
  );
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
  const state = useSyncState(sync);

  // ── The paper, with everything it displays fetched now (offline later, unvisited questions still show it) ──
  const { sections, kept } = useKeptPaper(paper.sections);
  const tops = useMemo(() => topQuestions(sections), [sections]);
  const all = useMemo(() => leaves(sections), [sections]);
  const [layout, setLayout] = useLayout(wide);
  const [current, setCurrent] = useState(0);
  const [sheetOpen, setSheetOpen] = useState(false);

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

  /** 跳到试题: focus lands on the question on screen (its number and stem are read), the next Tab is its first control. */
  const skipToQuestion = (e: MouseEvent) => {
    e.preventDefault();
    const question = document.querySelector<HTMLElement>(`#${MAIN_ID} [data-question]`);
    question?.focus();
    question?.scrollIntoView?.({ block: 'center' });
  };

  const confirmSubmit = () => {
    const pending = state.unacked;
    modal.confirm({
      title: t('take.submit.title'),
      icon: <SendOutlined />,
      okText: t('take.submit.ok'),
      cancelText: t('take.submit.cancel'),
      content: <SubmitConfirm unanswered={unanswered} flagged={flagged} pending={pending} online={online} />,
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

  useExamKeys({ layout, tops, current, go, disabled, entries: state.entries, onAnswer, phaseRef });
  useQuestionInView({ layout, tops, ready: state.ready, setCurrent });

  useLeaveGuards({ sync, attemptId, phase, phaseRef, unacked: state.unacked, isPractice });

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

  // A practice whose teacher chose keys after each answer; otherwise they wait until nobody can answer any more.
  const practice =
    isPractice && assignment.keyTiming === 'immediate'
      ? { onCheck: (q: string) => void check(q), checking, feedback }
      : undefined;
  const sheet = (
    <AnswerSheet sections={sections} leaves={all} entries={state.entries} current={current} onJump={jump} />
  );

  return (
    // data-kept: everything the paper displays is on this device (what a test waits for before going offline).
    <div className={styles.exam} data-testid="exam-page" data-kept={kept ? 'yes' : 'no'}>
      <a className={styles.skip} href={`#${MAIN_ID}`} onClick={skipToQuestion}>
        {t('take.skip')}
      </a>
      <ExamBar
        assignment={assignment}
        clock={clock}
        onWarn={onWarn}
        onExpire={onExpire}
        state={state}
        online={online}
        wide={wide}
        layout={layout}
        onLayout={setLayout}
        answered={all.length - unanswered.length}
        total={all.length}
        onOpenSheet={() => setSheetOpen(true)}
        disabled={disabled}
        onSubmit={confirmSubmit}
      />

      <SaveBanner state={state} online={online} leaves={all} onCheck={reload} />

      <div className={wide ? styles.body : styles.bodyNarrow}>
        <main className={styles.main} id={MAIN_ID}>
          <ExamNotice remark={assignment.remark} isPractice={isPractice} />
          <ExamBody
            sections={sections}
            tops={tops}
            all={all}
            layout={layout}
            current={current}
            go={go}
            ready={state.ready}
            entries={state.entries}
            disabled={disabled}
            onAnswer={onAnswer}
            onFlag={onFlag}
            practice={practice}
            wide={wide}
            onSubmit={confirmSubmit}
          />
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
          <div className={styles.drawerLayout}>
            <LayoutSwitch layout={layout} onChange={setLayout} />
          </div>
          {sheet}
        </Drawer>
      )}

      <HandingIn open={phase === 'submitting' || phase === 'timeup'} timeUp={phase === 'timeup'} error={submitError} />
    </div>
  );
}
