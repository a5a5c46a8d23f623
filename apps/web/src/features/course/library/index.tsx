import { CopyOutlined, EyeOutlined, SearchOutlined } from '@ant-design/icons';
import type { Course, Courseware, Page } from '@shixun/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Input,
  Modal,
  Space,
  Table,
  type TableColumnsType,
  Tabs,
  TreeSelect,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { courseApi, coursewareApi } from '../../../api/course.ts';
import { libraryApi } from '../../../api/course-library.ts';
import { filejobApi } from '../../../api/filejob.ts';
import { paperApi } from '../../../api/paper.ts';
import { libraryApi as questionLibApi } from '../../../api/question.ts';
import { FilePreview } from '../../../components/FilePreview/index.tsx';
import { RichHtml } from '../../../components/QuestionView/RichHtml.tsx';
import { directionTree } from '../../academic/options.ts';
import { editPath as paperEditPath, previewPath as paperPreviewPath } from '../../paper/labels.ts';
import { editorPath } from '../routes.ts';
import { CoursePreview } from './CoursePreview.tsx';
import { CoursewareQuoteDialog, type WareTarget } from './CoursewareQuoteDialog.tsx';
import { LIBRARY_KINDS, type LibraryKind, type LibraryRow, libraryRows, searchField } from './rows.ts';

const PAGE_SIZE = 10;

const fetchers = {
  course: libraryApi.courses,
  courseware: coursewareApi.library,
  paper: libraryApi.papers,
  filejob: libraryApi.filejobs,
  questionLib: libraryApi.questionLibs,
} as const;

/** A copy made by quoting: its name, and the page that opens it. */
interface Copy {
  name: string;
  path: string;
}

/**
 * 公共资源库: what teachers of the school published, by kind (课程, 课件, 试卷, 文件作业, 题库), searched by name and,
 * for courses, filed by 专业方向; each with who made it, when it changed and what it holds, a preview (a course's
 * topic tree, a courseware in the preview dialog, a paper in its preview page) and 引用 — after confirming, a copy
 * of one's own, with a link to open it. A courseware is quoted onto a topic of one of my courses.
 */
export default function CourseLibraryPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const kind: LibraryKind = LIBRARY_KINDS.includes(tab as LibraryKind) ? (tab as LibraryKind) : 'course';
  const [search, setSearch] = useState('');
  const [directionId, setDirectionId] = useState<string>();
  const [current, setCurrent] = useState(1);
  const [previewCourse, setPreviewCourse] = useState<Course | null>(null);
  const [previewWare, setPreviewWare] = useState<Courseware | null>(null);
  const [placingWare, setPlacingWare] = useState<Courseware | null>(null);
  const directions = useQuery({ queryKey: ['options', 'exam-directions'], queryFn: directionTree });

  const query = {
    current,
    size: PAGE_SIZE,
    ...(search ? { [searchField(kind)]: search } : {}),
    ...(kind === 'course' && directionId ? { directionId } : {}),
  };
  const list = useQuery({
    queryKey: ['course', 'library', kind, query],
    queryFn: (): Promise<Page<unknown>> => fetchers[kind](query),
    placeholderData: keepPreviousData,
  });
  const rows = libraryRows(kind, list.data);

  const kindName = t(`courseLibrary.tab.${kind}`);
  const copied = (copy: Copy) =>
    void message.success({
      content: (
        <span>
          {t('courseLibrary.quoted', { name: copy.name })}{' '}
          <Typography.Link onClick={() => navigate(copy.path)}>{t('courseLibrary.open')}</Typography.Link>
        </span>
      ),
      duration: 8,
    });
  const quote = useMutation({
    mutationFn: async (row: LibraryRow): Promise<Copy> => {
      switch (kind) {
        case 'course': {
          const c = await courseApi.quote(row.id);
          return { name: c.name, path: editorPath(c.id) };
        }
        case 'paper': {
          const p = await paperApi.quote(row.id);
          return { name: p.title, path: paperEditPath(p.id) };
        }
        case 'filejob': {
          const f = await filejobApi.quote(row.id);
          return { name: f.title, path: '/filejob/job' };
        }
        default: {
          const l = await questionLibApi.quote(row.id);
          return { name: l.name, path: `/question/question?libId=${l.id}` };
        }
      }
    },
    onSuccess: copied,
  });
  const quoteWare = useMutation({
    mutationFn: ({ ware, target }: { ware: Courseware; target: WareTarget }) =>
      coursewareApi.quote(ware.id, target.courseSubId).then(() => target),
    onSuccess: (target) => {
      setPlacingWare(null);
      void message.success({
        content: (
          <span>
            {t('courseLibrary.ware.quoted', { topic: target.topicName })}{' '}
            <Typography.Link onClick={() => navigate(editorPath(target.courseId))}>
              {t('courseLibrary.open')}
            </Typography.Link>
          </span>
        ),
        duration: 8,
      });
    },
  });

  const confirmQuote = (row: LibraryRow) =>
    modal.confirm({
      title: t('courseLibrary.quoteTitle', { kind: kindName }),
      content: t('courseLibrary.quoteConfirm', { name: row.name, kind: kindName }),
      okText: t('courseLibrary.quote'),
      onOk: () => quote.mutateAsync(row).catch(() => undefined),
    });
  const confirmWare = (ware: Courseware, target: WareTarget) =>
    modal.confirm({
      title: t('courseLibrary.quoteTitle', { kind: kindName }),
      content: t('courseLibrary.ware.confirm', { name: ware.name }),
      okText: t('courseLibrary.quote'),
      onOk: () => quoteWare.mutateAsync({ ware, target }).catch(() => undefined),
    });

  const preview = (row: LibraryRow) => {
    if (kind === 'course') setPreviewCourse(row.item as Course);
    else if (kind === 'paper') navigate(paperPreviewPath(row.id));
    else if (kind === 'courseware') {
      const w = row.item as Courseware;
      if (w.kind === 'link') window.open(w.link, '_blank', 'noopener,noreferrer');
      else setPreviewWare(w);
    }
  };
  const canPreview = kind === 'course' || kind === 'paper' || kind === 'courseware';

  const actions = (row: LibraryRow): ReactNode => {
    const quoteButton = (
      <Button
        size="small"
        icon={<CopyOutlined />}
        onClick={() => (kind === 'courseware' ? setPlacingWare(row.item as Courseware) : confirmQuote(row))}
      >
        {t('courseLibrary.quote')}
      </Button>
    );
    return (
      <Space size={4} wrap>
        {canPreview && (
          <Button size="small" icon={<EyeOutlined />} onClick={() => preview(row)}>
            {t('courseLibrary.preview')}
          </Button>
        )}
        {quoteButton}
      </Space>
    );
  };

  const columns: TableColumnsType<LibraryRow> = [
    { key: 'name', title: t('courseLibrary.col.name'), dataIndex: 'name', ellipsis: true, width: 260 },
    ...(kind === 'courseware'
      ? [{ key: 'course', title: t('courseLibrary.col.course'), dataIndex: 'courseName', ellipsis: true, width: 180 }]
      : [
          {
            key: 'author',
            title: t('courseLibrary.col.author'),
            dataIndex: 'author',
            width: 110,
            render: (v: string) => v || '—',
          },
        ]),
    {
      key: 'updated',
      title: t('courseLibrary.col.updated'),
      dataIndex: 'updateTime',
      width: 150,
      render: (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—'),
    },
    {
      key: 'usage',
      title: t('courseLibrary.col.usage'),
      width: 170,
      render: (_: unknown, row: LibraryRow) =>
        row.usage ? t(`courseLibrary.usage.${row.usage.key}`, row.usage.values) : t('courseLibrary.usage.none'),
    },
    { key: 'actions', title: t('courseLibrary.col.actions'), width: 170, render: (_: unknown, row) => actions(row) },
  ];

  const directionFilter = (
    <TreeSelect
      aria-label={t('courseLibrary.direction')}
      placeholder={t('courseLibrary.directionAll')}
      value={directionId}
      onChange={(id?: string) => {
        setDirectionId(id);
        setCurrent(1);
      }}
      treeData={directions.data ?? []}
      loading={directions.isLoading}
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      style={{ width: 220, maxWidth: '100%' }}
    />
  );

  return (
    <Card variant="borderless">
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
        {t('courseLibrary.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('courseLibrary.intro')}</Typography.Paragraph>
      <Tabs
        activeKey={kind}
        onChange={(key) => {
          setParams({ tab: key });
          setCurrent(1);
        }}
        items={LIBRARY_KINDS.map((k) => ({ key: k, label: t(`courseLibrary.tab.${k}`) }))}
      />
      <Space wrap size={12} style={{ marginBottom: 16 }}>
        <Input.Search
          aria-label={t('courseLibrary.search')}
          placeholder={t('courseLibrary.search')}
          allowClear
          enterButton={<SearchOutlined aria-label={t('courseLibrary.search')} />}
          onSearch={(v) => {
            setSearch(v.trim());
            setCurrent(1);
          }}
          style={{ width: 280, maxWidth: '100%' }}
        />
        {/* Only courses are filed by direction: the other kinds have no such filter. */}
        {kind === 'course' && directionFilter}
      </Space>
      <Table<LibraryRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching}
        scroll={{ x: 880 }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(list.isLoading ? 'courseLibrary.loading' : 'courseLibrary.empty')}
            />
          ),
        }}
        pagination={{
          current,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setCurrent,
        }}
      />
      <CoursePreview course={previewCourse} onClose={() => setPreviewCourse(null)} />
      <FilePreview
        open={previewWare !== null && previewWare.kind === 'file'}
        link={previewWare?.link ?? null}
        title={previewWare?.name ?? ''}
        onClose={() => setPreviewWare(null)}
      />
      <Modal
        open={previewWare !== null && previewWare.kind === 'richtext'}
        title={previewWare?.name}
        footer={null}
        onCancel={() => setPreviewWare(null)}
        width="min(760px, 100vw)"
      >
        {previewWare?.kind === 'richtext' && <RichHtml html={previewWare.content} />}
      </Modal>
      <CoursewareQuoteDialog ware={placingWare} onClose={() => setPlacingWare(null)} onPicked={confirmWare} />
    </Card>
  );
}
