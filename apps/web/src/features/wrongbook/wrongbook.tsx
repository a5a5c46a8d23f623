import {
  CheckOutlined,
  DeleteOutlined,
  EditOutlined,
  PlayCircleOutlined,
  ReloadOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { MASTERED_AFTER, QUESTION_TYPE_NAMES, type WrongbookEntry } from '@shixun/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Input,
  Progress,
  Result,
  Segmented,
  Space,
  Table,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { wrongbookApi } from '../../api/assignment.ts';
import { questionSegments } from '../../api/course.ts';
import { useScreen } from '../../app/useScreen.ts';
import { formatDate } from '../../components/CrudPage/values.ts';
import { useAuth } from '../../stores/auth.ts';
import styles from '../attempt/my.module.css';
import { WrongbookPractice } from '../attempt/WrongbookPractice.tsx';
import { WrongbookSession } from '../attempt/WrongbookSession.tsx';
import { ReviewLinks } from './ReviewLinks.tsx';

type StateFilter = 'all' | 'active' | 'mastered';
const WRONGBOOK_KEY = 'wrongbook';
/** A student's book is read whole (pages of the largest size), so it can be narrowed by any words at once. */
const PAGE = 200;
const MAX_PAGES = 25;

async function loadAll(state: StateFilter): Promise<WrongbookEntry[]> {
  const rows: WrongbookEntry[] = [];
  for (let current = 1; current <= MAX_PAGES; current++) {
    const page = await wrongbookApi.list({ current, size: PAGE, ...(state === 'all' ? {} : { state }) });
    rows.push(...page.records);
    if (rows.length >= page.total || page.records.length < PAGE) break;
  }
  return rows;
}

function matches(entry: WrongbookEntry, words: string): boolean {
  const text = words.trim().toLowerCase();
  if (!text) return true;
  return entry.points.some((p) => p.toLowerCase().includes(text)) || entry.title.toLowerCase().includes(text);
}

function Streak({ entry }: { entry: WrongbookEntry }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('take.wrongbook.streakHint', { needed: MASTERED_AFTER })}>
      <span className={styles.streak}>
        <Progress
          steps={MASTERED_AFTER}
          percent={Math.min(100, (entry.rightStreak / MASTERED_AFTER) * 100)}
          showInfo={false}
          size="small"
          aria-hidden
        />{' '}
        {t('take.wrongbook.streakValue', { count: entry.rightStreak, needed: MASTERED_AFTER })}
      </span>
    </Tooltip>
  );
}

/**
 * 错题本 (`/paper/wrongbook`): the questions a student got wrong, collected when results are released — by state
 * (待巩固 / 已掌握) and narrowed by knowledge point or words of the question; each can be practised again (right
 * MASTERED_AFTER times in a row masters it), marked mastered or active by hand, or removed.
 */
export default function WrongbookPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const phone = useScreen() === 0;
  const permission = useAuth((s) => s.permission);
  const [state, setState] = useState<StateFilter>('active');
  const [words, setWords] = useState('');
  const [practising, setPractising] = useState<string | null>(null);
  const [page, setPage] = useState({ current: 1, size: 10 });

  const query = useQuery({
    queryKey: [WRONGBOOK_KEY, 'list', state],
    queryFn: () => loadAll(state),
    placeholderData: keepPreviousData,
  });
  const shown = useMemo(() => (query.data ?? []).filter((e) => matches(e, words)), [query.data, words]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [WRONGBOOK_KEY, 'list'] });
  // 全部练习: the shown entries still to revise that are open for practice now, in the list's order.
  const practisable = shown.filter((e) => e.state === 'active' && !e.practiceFrom);
  const [session, setSession] = useState<{ id: string; title: string }[] | null>(null);
  // The segments of courses that teach the points of the questions on screen: one call for the page (the server
  // takes up to 100 questions); who cannot study or read courses is not asked.
  const onScreen = (
    phone
      ? shown.slice(0, page.current * page.size)
      : shown.slice((page.current - 1) * page.size, page.current * page.size)
  )
    .map((e) => e.questionId)
    .slice(0, 100);
  const reviews = useQuery({
    queryKey: ['course_study', 'segments', onScreen],
    queryFn: () => questionSegments(onScreen),
    enabled: onScreen.length > 0 && Boolean(permission.course_study || permission.course_view),
    staleTime: 60_000,
  });
  const reviewsOf = (e: WrongbookEntry) => reviews.data?.filter((r) => r.questionId === e.questionId);

  const setEntryState = useMutation({
    mutationFn: (entry: WrongbookEntry) =>
      wrongbookApi.submit({ id: entry.id, state: entry.state === 'mastered' ? 'active' : 'mastered' }),
    onSuccess: (_, entry) => {
      void message.success(entry.state === 'mastered' ? t('take.wrongbook.reactivated') : t('take.wrongbook.marked'));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (entry: WrongbookEntry) => wrongbookApi.remove([entry.id]),
    onSuccess: () => {
      void message.success(t('take.wrongbook.removed'));
      refresh();
    },
  });
  const confirmRemove = (entry: WrongbookEntry) =>
    modal.confirm({
      title: t('take.wrongbook.removeTitle'),
      content: t('take.wrongbook.removeConfirm'),
      okText: t('take.wrongbook.remove'),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(entry).catch(() => undefined),
    });

  const typeName = (e: WrongbookEntry) =>
    i18n.language === 'en' ? QUESTION_TYPE_NAMES[e.type].en : QUESTION_TYPE_NAMES[e.type].zh;
  const stateTag = (e: WrongbookEntry) => (
    <>
      {e.state === 'mastered' ? (
        <Tag color="success">{t('take.wrongbook.state.mastered')}</Tag>
      ) : (
        <Tag color="warning">{t('take.wrongbook.state.active')}</Tag>
      )}
      {e.practiceFrom && (
        <span
          className={styles.practiceFrom}
          title={t('take.wrongbook.practiceLater', { time: formatDate(e.practiceFrom, true) })}
        >
          {t('take.wrongbook.practiceFrom', { time: formatDate(e.practiceFrom, true) })}
        </span>
      )}
    </>
  );
  const actions = (e: WrongbookEntry): ReactNode[] => [
    permission.wrongbook_view &&
      (e.practiceFrom ? (
        <Tooltip key="practice" title={t('take.wrongbook.practiceLater', { time: formatDate(e.practiceFrom, true) })}>
          <Button type="link" size="small" icon={<EditOutlined />} disabled>
            {t('take.wrongbook.practice')}
          </Button>
        </Tooltip>
      ) : (
        <Button key="practice" type="link" size="small" icon={<EditOutlined />} onClick={() => setPractising(e.id)}>
          {t('take.wrongbook.practice')}
        </Button>
      )),
    permission.wrongbook_edit && (
      <Button
        key="state"
        type="link"
        size="small"
        icon={e.state === 'mastered' ? <UndoOutlined /> : <CheckOutlined />}
        loading={setEntryState.isPending && setEntryState.variables?.id === e.id}
        onClick={() => setEntryState.mutate(e)}
      >
        {e.state === 'mastered' ? t('take.wrongbook.reactivate') : t('take.wrongbook.markMastered')}
      </Button>
    ),
    permission.wrongbook_delete && (
      <Button key="remove" type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => confirmRemove(e)}>
        {t('take.wrongbook.remove')}
      </Button>
    ),
  ];
  const questionCell = (e: WrongbookEntry) => (
    <div className={styles.questionLine}>
      <Typography.Text className={styles.questionText} title={e.title}>
        {e.title || t('take.wrongbook.noText')}
      </Typography.Text>
      {e.points.length > 0 && (
        <span className={styles.points}>
          {e.points.map((p) => (
            <Tag key={p} variant="filled">
              {p}
            </Tag>
          ))}
        </span>
      )}
      <ReviewLinks segments={reviewsOf(e)} />
    </div>
  );

  const columns: TableProps<WrongbookEntry>['columns'] = [
    { key: 'title', title: t('take.wrongbook.col.question'), render: (_, e) => questionCell(e), ellipsis: true },
    { key: 'type', title: t('take.wrongbook.col.type'), width: 90, render: (_, e) => typeName(e) },
    {
      key: 'source',
      title: t('take.wrongbook.col.source'),
      width: 150,
      ellipsis: { showTitle: true },
      dataIndex: 'source',
    },
    {
      key: 'wrongCount',
      title: t('take.wrongbook.col.wrong'),
      width: 90,
      align: 'center',
      dataIndex: 'wrongCount',
      sorter: (a, b) => a.wrongCount - b.wrongCount,
    },
    { key: 'streak', title: t('take.wrongbook.col.streak'), width: 120, render: (_, e) => <Streak entry={e} /> },
    { key: 'state', title: t('take.wrongbook.col.state'), width: 120, render: (_, e) => stateTag(e) },
    {
      key: 'actions',
      title: t('take.wrongbook.col.actions'),
      width: 280,
      render: (_, e) => <Space size={0}>{actions(e)}</Space>,
    },
  ];

  const empty = (
    <Empty
      className={styles.empty}
      description={
        query.data?.length ? (
          t('take.wrongbook.noMatch')
        ) : (
          <>
            <div>{state === 'mastered' ? t('take.wrongbook.noneMastered') : t('take.wrongbook.none')}</div>
            <div className={styles.muted}>{t('take.wrongbook.noneHint', { needed: MASTERED_AFTER })}</div>
          </>
        )
      }
    />
  );

  let body: ReactNode;
  if (query.isError && !query.data)
    body = (
      <Result
        status="warning"
        title={t('take.wrongbook.listFailed')}
        subTitle={query.error.message}
        extra={
          <Button type="primary" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else if (phone)
    body =
      !query.isLoading && !shown.length ? (
        empty
      ) : (
        <div className={styles.list} data-testid="wrongbook-list">
          {(query.isLoading ? [] : shown.slice(0, page.current * page.size)).map((e) => (
            <Card key={e.id} size="small" data-wrongbook={e.id}>
              <Space orientation="vertical" size={6} style={{ width: '100%' }}>
                {questionCell(e)}
                <Space wrap size={[12, 4]} className={styles.muted}>
                  <span>{typeName(e)}</span>
                  {e.source && <span>{e.source}</span>}
                  <span>{t('take.wrongbook.wrongTimes', { count: e.wrongCount })}</span>
                </Space>
                <Space wrap size={[12, 4]}>
                  {stateTag(e)}
                  <Streak entry={e} />
                </Space>
                <div className={styles.actions}>{actions(e)}</div>
              </Space>
            </Card>
          ))}
          {query.isLoading && <Card loading size="small" />}
          {shown.length > page.current * page.size && (
            <Button block onClick={() => setPage((p) => ({ ...p, current: p.current + 1 }))}>
              {t('take.wrongbook.more', { count: shown.length - page.current * page.size })}
            </Button>
          )}
        </div>
      );
  else
    body = (
      <Table<WrongbookEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={shown}
        loading={query.isFetching}
        locale={{ emptyText: query.isLoading ? ' ' : empty }}
        scroll={{ x: 1000 }}
        pagination={{
          current: page.current,
          pageSize: page.size,
          total: shown.length,
          showSizeChanger: true,
          pageSizeOptions: [10, 30, 50, 100],
          showTotal: (total) => t('take.wrongbook.total', { count: total }),
          onChange: (current, size) => setPage({ current, size }),
        }}
        data-testid="wrongbook-table"
      />
    );

  return (
    <Card variant="borderless" className={styles.page}>
      <div className={styles.filters}>
        <Segmented<StateFilter>
          value={state}
          onChange={(v) => {
            setState(v);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          options={[
            { value: 'active', label: t('take.wrongbook.state.active') },
            { value: 'mastered', label: t('take.wrongbook.state.mastered') },
            { value: 'all', label: t('take.wrongbook.state.all') },
          ]}
        />
        <Input.Search
          allowClear
          placeholder={t('take.wrongbook.search')}
          aria-label={t('take.wrongbook.search')}
          onSearch={(v) => {
            setWords(v);
            setPage((p) => ({ ...p, current: 1 }));
          }}
          onChange={(e) => {
            if (!e.target.value) setWords('');
          }}
        />
        <Tooltip title={t('take.wrongbook.all.hint')}>
          <Button
            icon={<PlayCircleOutlined />}
            disabled={!practisable.length}
            onClick={() => setSession(practisable.map((e) => ({ id: e.id, title: e.title })))}
            data-testid="wrongbook-practise-all"
          >
            {t('take.wrongbook.all.button', { count: practisable.length })}
          </Button>
        </Tooltip>
        <Tooltip title={t('take.my.refresh')}>
          <Button
            icon={<ReloadOutlined spin={query.isFetching} />}
            aria-label={t('take.my.refresh')}
            onClick={() => void query.refetch()}
          />
        </Tooltip>
      </div>
      {body}
      <WrongbookPractice id={practising} onClose={() => setPractising(null)} onChecked={refresh} />
      <WrongbookSession entries={session} onClose={() => setSession(null)} onChanged={refresh} />
    </Card>
  );
}
