import { ArrowLeftOutlined } from '@ant-design/icons';
import { evaluateAttempt, type ItemRecord, type PracticalCorrect, type PracticalDetail } from '@shixun/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Collapse, Result, Skeleton, Space, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { workbenchApi } from '../../../api/practical.ts';
import { useDocumentTitle } from '../../../app/useDocumentTitle.ts';
import { Attachments } from '../../../components/Attachments/index.tsx';
import { formatDate } from '../../../components/CrudPage/values.ts';
import { RichHtml } from '../../../components/QuestionView/RichHtml.tsx';
import { SaveStatus } from '../../attempt/SaveStatus.tsx';
import { useOnline } from '../../attempt/useOnline.ts';
import { MY_PRACTICALS_KEY, WORKBENCH_KEY, type WorkbenchMode } from '../routes.ts';
import { Corrections } from './Corrections.tsx';
import { ItemRow } from './ItemRow.tsx';
import { PointCard } from './PointCard.tsx';
import { decodeEntry, encodeEntry, itemSave, type StudentEntry } from './record-codec.ts';
import { useRecordSync } from './useRecordSync.ts';
import styles from './workbench.module.css';

const studentEntry = (r: ItemRecord | undefined): StudentEntry => ({
  value: r?.studentValue ?? null,
  passed: r?.passed === null || r?.passed === undefined ? null : (r.passed as 0 | 1),
  note: r?.note ?? '',
  evidence: r?.evidence ?? [],
});

/**
 * The workbench (`/jd/practical/paper_detail/:paperId/:practicalStudentId/:mode`): a practical task's points and
 * items for one student. `answer`: the student records readings at the bench (a phone: large inputs, the camera for
 * evidence, autosave that survives a dropped Wi-Fi, pass/fail live). `correct`: the teacher re-measures, adjusts
 * points with a reason and signs. `view`: read-only — the student sees the teacher's readings and scores once released.
 */
function Workbench({ detail, mode }: { detail: PracticalDetail; mode: WorkbenchMode }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const online = useOnline();
  const { attempt, assignment } = detail;
  const now = Date.now();
  const open = Date.parse(assignment.openTime) <= now && now < Date.parse(assignment.closeTime);
  const recording =
    mode === 'answer' &&
    detail.role === 'student' &&
    assignment.recorder !== 'teacher' &&
    open &&
    (attempt.state === 'not_started' || attempt.state === 'in_progress');
  const correcting = mode === 'correct' && detail.role === 'teacher' && attempt.teacherSignTime === null;
  const { sync, state } = useRecordSync(detail, recording);
  const [busy, setBusy] = useState(false);

  // The records as they stand: the server's, with what the student typed since over them.
  const entryOf = useCallback(
    (id: string): StudentEntry => {
      const journal = state.entries.get(id);
      return journal ? decodeEntry(journal.answer) : studentEntry(detail.items.find((r) => r.inspectionId === id));
    },
    [detail, state.entries],
  );
  const merged = useMemo<ItemRecord[]>(
    () =>
      detail.points.flatMap((p) =>
        p.items.map((item) => {
          const server = detail.items.find((r) => r.inspectionId === item.id);
          const e = entryOf(item.id);
          return {
            inspectionId: item.id,
            studentValue: e.value,
            passed: e.passed,
            note: e.note,
            evidence: e.evidence,
            teacherValue: server?.teacherValue ?? null,
            teacherPassed: server?.teacherPassed ?? null,
            seq: server?.seq ?? 0,
          };
        }),
      ),
    [detail, entryOf],
  );
  const outcome = useMemo(() => evaluateAttempt(detail.points, merged, detail.pointRecords), [detail, merged]);

  const apply = (next: PracticalDetail) => queryClient.setQueryData([WORKBENCH_KEY, attempt.id], next);
  const correct = async (body: Omit<PracticalCorrect, 'practicalStudentId'>) =>
    apply(await workbenchApi.correct({ practicalStudentId: attempt.id, ...body }));

  const handIn = () => {
    const missing = outcome.points.flatMap((p) => p.items).filter((o) => o.judgement.state === 'missing').length;
    modal.confirm({
      title: t('workbench.handInTitle'),
      content: `${t('workbench.handInBody')}${missing ? ` ${t('workbench.handInMissing', { count: missing })}` : ''}`,
      okText: t('workbench.handIn'),
      onOk: async () => {
        if (!sync) return;
        setBusy(true);
        try {
          await sync.pause();
          const items = sync.pending().map((a) => itemSave(a.questionId, a.answer, a.seq));
          await workbenchApi.save({ practicalStudentId: attempt.id, items, final: true });
          await sync.finish();
          void message.success(t('shared:practical.handedIn'));
          void queryClient.invalidateQueries({ queryKey: MY_PRACTICALS_KEY });
          apply(await workbenchApi.detail(assignment.paperId, attempt.id));
        } catch {
          sync.resume();
        } finally {
          setBusy(false);
        }
      },
    });
  };
  const signOff = () =>
    modal.confirm({
      title: t('workbench.signOffTitle'),
      content: t('workbench.signOffBody'),
      okText: t('workbench.signOff'),
      onOk: () =>
        correct({ signOff: true }).then(
          () => void message.success(t('shared:practical.signed')),
          () => undefined,
        ),
    });

  const total = outcome.task;
  return (
    <div className={styles.page}>
      <header className={styles.bar}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          aria-label={t('workbench.back')}
          onClick={() => navigate(-1)}
        />
        <div className={styles.barTitle}>
          <Typography.Title level={1} className={styles.title}>
            {assignment.title}
          </Typography.Title>
          <span className={styles.who}>
            {attempt.studentName} · {attempt.studentNo} · {attempt.className}
          </span>
        </div>
        {recording ? <SaveStatus state={state} online={online} /> : null}
      </header>
      <main className={styles.main}>
        {detail.showScores ? (
          <Alert
            type={total.criticalFailed.length ? 'error' : 'info'}
            showIcon
            data-testid="total-score"
            title={`${t('workbench.total', { score: total.score, total: assignment.totalScore })}${
              total.criticalFailed.length ? ` ${t('workbench.earned', { earned: total.earned })}` : ''
            }`}
          />
        ) : null}
        {mode === 'answer' && detail.role === 'student' && !recording ? (
          <Alert
            type="warning"
            showIcon
            title={
              assignment.recorder === 'teacher'
                ? t('workbench.teacherRecords')
                : attempt.state === 'submitted' || attempt.state === 'marked'
                  ? t('workbench.waitRelease')
                  : now < Date.parse(assignment.openTime)
                    ? t('workbench.notOpen', { time: formatDate(assignment.openTime, true) })
                    : t('workbench.closed')
            }
          />
        ) : null}
        {attempt.submitTime ? (
          <Typography.Text type="secondary">
            {t('workbench.handedInAt', { time: formatDate(attempt.submitTime, true) })}
          </Typography.Text>
        ) : null}
        {attempt.teacherSignTime ? (
          <Typography.Text type="secondary">
            {t('workbench.signedBy', {
              name: attempt.teacherSignName,
              time: formatDate(attempt.teacherSignTime, true),
            })}
          </Typography.Text>
        ) : null}
        <Collapse
          size="small"
          defaultActiveKey={attempt.state === 'not_started' ? ['task', 'safety'] : []}
          items={[
            { key: 'task', label: t('workbench.task'), children: <RichHtml html={detail.task.task} /> },
            ...(detail.task.safety
              ? [{ key: 'safety', label: t('workbench.safety'), children: <RichHtml html={detail.task.safety} /> }]
              : []),
            ...(detail.task.attachments.length
              ? [
                  {
                    key: 'files',
                    label: t('workbench.drawings'),
                    children: <Attachments files={detail.task.attachments} itemName="" />,
                  },
                ]
              : []),
          ]}
        />
        {outcome.points.map((p) => (
          <PointCard
            key={p.point.id}
            outcome={p}
            showScore={detail.showScores}
            onGive={
              correcting
                ? (score, comment) => correct({ points: [{ pointId: p.point.id, score, comment }] })
                : undefined
            }
          >
            {p.items.map((o) => {
              const server = detail.items.find((r) => r.inspectionId === o.item.id);
              const showTeacher = detail.role === 'teacher' || detail.showScores;
              return (
                <ItemRow
                  key={o.item.id}
                  item={o.item}
                  judged={o}
                  entry={entryOf(o.item.id)}
                  onEntry={recording ? (e) => sync?.change(o.item.id, { answer: encodeEntry(e) }) : undefined}
                  teacher={
                    showTeacher
                      ? { value: server?.teacherValue ?? null, passed: (server?.teacherPassed ?? null) as 0 | 1 | null }
                      : undefined
                  }
                  onTeacherSave={
                    correcting ? (change) => correct({ items: [{ inspectionId: o.item.id, ...change }] }) : undefined
                  }
                  mustCheck={attempt.checkIds.includes(o.item.id)}
                  findings={detail.role === 'teacher' || recording || detail.showScores}
                />
              );
            })}
          </PointCard>
        ))}
        {detail.role === 'teacher' || detail.showScores ? (
          <Corrections corrections={detail.corrections} points={detail.points} />
        ) : null}
      </main>
      {recording || correcting ? (
        <footer className={styles.footer}>
          <Space wrap>
            {recording && state.unacked > 0 ? (
              <Typography.Text type="secondary">{t('workbench.unsaved', { count: state.unacked })}</Typography.Text>
            ) : null}
            {recording ? (
              <Button type="primary" size="large" loading={busy} onClick={handIn}>
                {t('workbench.handIn')}
              </Button>
            ) : (
              <Button type="primary" size="large" onClick={signOff}>
                {t('workbench.signOff')}
              </Button>
            )}
          </Space>
        </footer>
      ) : null}
    </div>
  );
}

export default function WorkbenchPage() {
  const { t } = useTranslation();
  const { paperId = '', practicalStudentId = '', mode = 'view' } = useParams();
  useDocumentTitle(t('workbench.pageTitle'));
  const query = useQuery({
    queryKey: [WORKBENCH_KEY, practicalStudentId],
    queryFn: () => workbenchApi.detail(paperId, practicalStudentId),
  });
  if (query.isLoading) return <Skeleton active className={styles.loading} />;
  if (!query.data) return <Result status="404" title={t('workbench.pageTitle')} />;
  const m: WorkbenchMode = mode === 'answer' || mode === 'correct' ? mode : 'view';
  return <Workbench detail={query.data} mode={m} />;
}
