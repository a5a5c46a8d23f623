import {
  CalendarOutlined,
  ClockCircleOutlined,
  EditOutlined,
  EyeOutlined,
  FileTextOutlined,
  PlayCircleOutlined,
  RedoOutlined,
  ReloadOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import type { AttemptState, MyAssignment, PaperType } from '@shixun/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Skeleton, Tabs, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { attemptApi } from '../../api/assignment.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { useAuth } from '../../stores/auth.ts';
import { TYPE_COLORS } from '../paper/labels.ts';
import { useAccessPassword } from './AccessPassword.tsx';
import styles from './my.module.css';
import { examPath, MY_QUERY_KEY, REVIEW_PERMISSION, reviewPath, TAKE_PERMISSION } from './routes.ts';

type Tab = 'open' | 'scheduled' | 'ended';
const TABS: Tab[] = ['open', 'scheduled', 'ended'];

const tabOf = (a: MyAssignment): Tab => (a.state === 'open' ? 'open' : a.state === 'scheduled' ? 'scheduled' : 'ended');
const num = (n: number) => String(Math.round(n * 10) / 10);

const ATTEMPT_COLORS: Record<AttemptState, string> = {
  not_started: 'default',
  in_progress: 'processing',
  submitted: 'cyan',
  marking: 'orange',
  marked: 'green',
};

/** `05-20 08:00`, with the year when it is not this one. */
function when(iso: string): string {
  const d = dayjs(iso);
  return d.format(d.year() === dayjs().year() ? 'MM-DD HH:mm' : 'YYYY-MM-DD HH:mm');
}

/** Soonest deadline first while open, soonest start first before, latest first after. */
function sorted(list: MyAssignment[], tab: Tab): MyAssignment[] {
  const by = (key: 'openTime' | 'closeTime', dir: 1 | -1) => (a: MyAssignment, b: MyAssignment) =>
    dir * (Date.parse(a[key]) - Date.parse(b[key]));
  return [...list].sort(
    tab === 'open' ? by('closeTime', 1) : tab === 'scheduled' ? by('openTime', 1) : by('closeTime', -1),
  );
}

function Fact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li>
      <span className={styles.factIcon} aria-hidden>
        {icon}
      </span>
      <span>{children}</span>
    </li>
  );
}

function Item({
  item,
  onStart,
  onRetry,
  retrying,
}: {
  item: MyAssignment;
  onStart: (item: MyAssignment) => void;
  onRetry: (item: MyAssignment) => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const permission = useAuth((s) => s.permission);
  const { attempt } = item;
  const released = attempt.released && attempt.score !== null;
  const score = attempt.score ?? 0;
  const mayTake = Boolean(permission[TAKE_PERMISSION]);
  const done = attempt.state === 'submitted' || attempt.state === 'marking' || attempt.state === 'marked';

  const actions: ReactNode[] = [];
  if (item.canTake && mayTake)
    actions.push(
      attempt.state === 'in_progress' ? (
        <Button key="go" type="primary" icon={<EditOutlined />} onClick={() => navigate(examPath(attempt.id))}>
          {t('take.my.resume')}
        </Button>
      ) : (
        <Button key="go" type="primary" icon={<PlayCircleOutlined />} onClick={() => onStart(item)}>
          {t('take.my.start')}
        </Button>
      ),
    );
  if (released && permission[REVIEW_PERMISSION])
    actions.push(
      <Button
        key="review"
        type={actions.length ? 'default' : 'primary'}
        icon={<EyeOutlined />}
        onClick={() => navigate(reviewPath(attempt.id))}
      >
        {t('take.my.review')}
      </Button>,
    );
  if (item.canRetry && mayTake)
    actions.push(
      <Button key="retry" icon={<RedoOutlined />} loading={retrying} onClick={() => onRetry(item)}>
        {t('take.my.retry')}
      </Button>,
    );

  let note: ReactNode = null;
  if (item.state === 'scheduled') note = t('take.my.opensAt', { time: when(item.openTime) });
  else if (done && !released) note = t('take.my.awaiting');
  else if (!item.canTake && attempt.state === 'not_started' && item.state !== 'open') note = t('take.my.missed');
  else if (!item.canTake && attempt.state === 'in_progress') note = t('take.my.closing');

  // The server counts the attempt being answered as used; "已作答 1 / 1 次" would read as used up, so an attempt in
  // progress says so, and attempts used are those handed in.
  const unlimited = item.kind === 'practice' || item.attempts === 0;
  const attemptsText =
    attempt.state === 'in_progress'
      ? unlimited
        ? t('take.my.attemptNowUnlimited', { n: attempt.attemptNo })
        : t('take.my.attemptNow', { n: attempt.attemptNo, total: item.attempts })
      : unlimited
        ? t('take.my.attemptsUnlimited', { used: item.attemptsUsed })
        : t('take.my.attemptsOf', { used: item.attemptsUsed, total: item.attempts });

  return (
    <Card size="small" className={styles.item} data-testid="my-item" data-assignment={item.id}>
      <div className={styles.itemHead}>
        <Tag color={TYPE_COLORS[item.kind]} variant="filled">
          {t(`take.kind.${item.kind}`)}
        </Tag>
        <Typography.Title level={5} className={styles.itemTitle} ellipsis={{ tooltip: item.title }}>
          {item.title}
        </Typography.Title>
        <Tag color={ATTEMPT_COLORS[attempt.state]} className={styles.stateTag}>
          {released ? t('take.my.released') : t(`take.attempt.${attempt.state}`)}
        </Tag>
      </div>
      <ul className={styles.facts}>
        <Fact icon={<CalendarOutlined />}>
          {when(item.openTime)} – {when(item.closeTime)}
        </Fact>
        <Fact icon={<ClockCircleOutlined />}>
          {item.duration > 0 ? t('take.my.duration', { minutes: item.duration }) : t('take.my.noLimit')}
        </Fact>
        <Fact icon={<FileTextOutlined />}>
          {t('take.my.questions', { count: item.questionCount, score: num(item.totalScore) })}
        </Fact>
        <Fact icon={<RedoOutlined />}>
          <span data-testid="my-attempts">{attemptsText}</span>
        </Fact>
      </ul>
      {released && (
        <div className={styles.score} data-testid="my-score">
          <TrophyOutlined aria-hidden />
          <span className={styles.scoreValue}>{num(score)}</span>
          <span className={styles.muted}>/ {num(item.totalScore)}</span>
          {item.passScore > 0 &&
            (score >= item.passScore ? (
              <Tag color="success">{t('take.my.pass')}</Tag>
            ) : (
              <Tag color="error">{t('take.my.fail')}</Tag>
            ))}
        </div>
      )}
      {/* Several attempts: the score that counts by the teacher's grading method. */}
      {item.finalScore !== null && item.attemptsUsed > 1 && (
        <Typography.Paragraph type="secondary" data-testid="my-final-score">
          {t('take.my.finalScore', { score: num(item.finalScore) })} · {t(`take.my.grading.${item.gradingMethod}`)}
        </Typography.Paragraph>
      )}
      {item.remark && (
        <Typography.Paragraph className={styles.remark} ellipsis={{ rows: 2, tooltip: item.remark }}>
          {item.remark}
        </Typography.Paragraph>
      )}
      {(actions.length > 0 || note) && (
        <div className={styles.actions}>
          {note && <span className={styles.note}>{note}</span>}
          {actions}
        </div>
      )}
    </Card>
  );
}

/**
 * A student's work: 我的考试 (exams and homework) or 练习, by 进行中 / 未开始 / 已结束 with their counts. Each shows
 * its window, time limit, questions and score, attempts used, where the latest attempt stands and the score once
 * released (pass or fail), with 开始作答 / 继续作答, 再做一次 and 查看答卷.
 */
export function MyAssignments({ kinds }: { kinds: readonly PaperType[] }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const practice = kinds.length === 1 && kinds[0] === 'practice';
  const query = useQuery({
    queryKey: MY_QUERY_KEY,
    queryFn: () => attemptApi.mine(),
    // Windows open and close while the list is on screen.
    refetchInterval: 60_000,
  });
  const mine = (query.data ?? []).filter((a) => kinds.includes(a.kind));
  const counts = Object.fromEntries(TABS.map((tab) => [tab, mine.filter((a) => tabOf(a) === tab).length])) as Record<
    Tab,
    number
  >;
  const [chosen, setChosen] = useState<Tab | null>(null);
  const tab: Tab = chosen ?? (counts.open ? 'open' : counts.scheduled ? 'scheduled' : counts.ended ? 'ended' : 'open');

  // An access password is asked before an attempt starts; the exam then opens it as started.
  const password = useAccessPassword((id) => {
    void queryClient.invalidateQueries({ queryKey: MY_QUERY_KEY });
    navigate(examPath(id));
  });
  const retry = useMutation({
    mutationFn: (item: MyAssignment) => attemptApi.retry(item.id),
    onSuccess: ({ id }, item) => {
      void queryClient.invalidateQueries({ queryKey: MY_QUERY_KEY });
      if (item.needsPassword) password.ask(id, item.title);
      else navigate(examPath(id));
    },
  });

  const start = (item: MyAssignment) => {
    if (item.needsPassword && item.attempt.state === 'not_started') {
      password.ask(item.attempt.id, item.title);
      return;
    }
    if (item.kind !== 'exam' || item.duration <= 0) {
      navigate(examPath(item.attempt.id));
      return;
    }
    modal.confirm({
      title: t('take.my.startTitle', { title: item.title }),
      content: t('take.my.startHint', { minutes: item.duration }),
      okText: t('take.my.start'),
      onOk: () => navigate(examPath(item.attempt.id)),
    });
  };
  const again = (item: MyAssignment) => {
    if (item.kind === 'practice') {
      retry.mutate(item);
      return;
    }
    modal.confirm({
      title: t('take.my.retryTitle', { n: item.attempt.attemptNo + 1 }),
      content:
        item.attempts > 0
          ? t('take.my.retryLeft', { count: Math.max(0, item.attempts - item.attemptsUsed - 1) })
          : t('take.my.retryHint'),
      okText: t('take.my.retry'),
      onOk: () => retry.mutateAsync(item).catch(() => undefined),
    });
  };

  let body: ReactNode;
  if (query.isLoading) {
    body = (
      <div className={styles.grid}>
        {[0, 1, 2].map((k) => (
          <Card key={k} size="small">
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        ))}
      </div>
    );
  } else if (query.isError && !query.data) {
    body = (
      <LoadFailed title={t('take.my.loadFailed')} reason={query.error.message} retry={() => void query.refetch()} />
    );
  } else if (!mine.length) {
    body = (
      <Empty
        className={styles.empty}
        description={
          <>
            <div>{practice ? t('take.my.noPractice') : t('take.my.none')}</div>
            <div className={styles.muted}>{practice ? t('take.my.noPracticeHint') : t('take.my.noneHint')}</div>
          </>
        }
      />
    );
  } else {
    const shown = sorted(
      mine.filter((a) => tabOf(a) === tab),
      tab,
    );
    body = shown.length ? (
      <div className={styles.grid}>
        {shown.map((item) => (
          <Item
            key={item.id}
            item={item}
            onStart={start}
            onRetry={again}
            retrying={retry.isPending && retry.variables?.id === item.id}
          />
        ))}
      </div>
    ) : (
      <Empty className={styles.empty} description={t(`take.my.empty.${tab}`)} />
    );
  }

  return (
    <Card variant="borderless" className={styles.page} data-testid={practice ? 'my-practice' : 'my-exams'}>
      {password.dialog}
      {/* The refresh button beside the tab list, not in it (a tablist holds only tabs). */}
      <div className={styles.tabBar}>
        <Tabs
          className={styles.tabs}
          activeKey={tab}
          onChange={(key) => setChosen(key as Tab)}
          items={TABS.map((key) => ({
            key,
            label: (
              <span className={styles.tabLabel}>
                {t(`take.my.tab.${key}`)}
                {/* While the list loads a count is unknown, never 0. */}
                {query.data ? (
                  <span
                    className={`${styles.count} ${key === 'open' && counts.open ? styles.countHot : ''}`}
                    data-testid="my-count"
                  >
                    {counts[key]}
                  </span>
                ) : (
                  <span
                    className={`${styles.count} ${styles.countLoading}`}
                    data-testid="my-count-loading"
                    aria-hidden
                  />
                )}
              </span>
            ),
          }))}
        />
        <Tooltip title={t('take.my.refresh')}>
          <Button
            type="text"
            icon={<ReloadOutlined spin={query.isFetching && !query.isLoading} />}
            aria-label={t('take.my.refresh')}
            onClick={() => void query.refetch()}
          />
        </Tooltip>
      </div>
      {body}
    </Card>
  );
}
