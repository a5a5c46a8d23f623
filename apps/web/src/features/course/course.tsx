import {
  BarChartOutlined,
  CopyOutlined,
  EditOutlined,
  EyeInvisibleOutlined,
  SendOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { type Course, courseFormSchema, type LibAccess } from '@shixun/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { COURSE_SHARES, canChangeCourse, courseApi } from '../../api/course.ts';
import { type CrudOption, CrudPage, type RowAction } from '../../components/CrudPage/index.tsx';
import { ShareDialog } from '../../components/ShareDialog.tsx';
import { ACCESS_COLORS, disciplineName } from '../question/labels.ts';
import { ClassesField, ClassNames, classesForm } from './ClassesField.tsx';
import { CoverField } from './CoverField.tsx';
import styles from './course.module.css';
import { DirectionField } from './DirectionField.tsx';
import { ProgressDrawer } from './progress/ProgressDrawer.tsx';
import { editorPath } from './routes.ts';

const yesNo = [
  { label: 'course.no', value: 0 },
  { label: 'course.yes', value: 1 },
];
const disciplines = [
  { label: 'questionBank.discipline.none', value: '' },
  { label: 'questionBank.discipline.cn', value: 'cn' },
  { label: 'questionBank.discipline.math', value: 'math' },
  { label: 'questionBank.discipline.en', value: 'en' },
];

interface Actions {
  edit: (course: Course) => void;
  publish: (course: Course) => void;
  share: (course: Course) => void;
  quote: (course: Course) => void;
  progress: (course: Course) => void;
}

const courseOption = (actions: Actions): CrudOption<Course, typeof courseFormSchema> => ({
  biz: 'course',
  title: 'course.title',
  rowKey: 'id',
  api: courseApi,
  formSchema: courseFormSchema,
  columns: [
    {
      prop: 'cover',
      label: 'course.field.cover',
      width: 90,
      control: <CoverField />,
      render: (value) => (value ? <img className={styles.thumb} src={String(value)} alt="" /> : '—'),
    },
    { prop: 'name', label: 'course.field.name', search: true, minWidth: 180 },
    {
      prop: 'discipline',
      label: 'course.field.discipline',
      type: 'select',
      options: disciplines,
      half: true,
      width: 90,
      render: (v) => disciplineName(String(v ?? '')) || '—',
    },
    { prop: 'hours', label: 'course.field.hours', type: 'number', half: true, width: 70 },
    {
      prop: 'directionId',
      label: 'course.field.direction',
      control: (placeholder) => <DirectionField placeholder={placeholder} />,
      render: (_, row) => row.directionName || '—',
      width: 120,
    },
    {
      prop: 'classes',
      label: 'course.field.classes',
      control: (placeholder) => <ClassesField placeholder={placeholder} />,
      render: (_, row) => <ClassNames classes={row.classes} />,
      minWidth: 140,
    },
    { prop: 'description', label: 'course.field.description', type: 'richText', hideInTable: true },
    { prop: 'isPublic', label: 'course.field.public', type: 'select', options: yesNo, width: 70 },
    {
      prop: 'published',
      label: 'course.field.published',
      hideInForm: true,
      width: 90,
      render: (value) => <PublishedTag published={Number(value) === 1} />,
    },
    { prop: 'topicCount', label: 'course.field.topics', hideInForm: true, width: 80 },
    { prop: 'coursewareCount', label: 'course.field.coursewares', hideInForm: true, width: 80 },
    {
      prop: 'access',
      label: 'course.field.access',
      hideInForm: true,
      width: 90,
      render: (value) => <AccessTag access={value as LibAccess} />,
    },
    { prop: 'ownerName', label: 'course.field.owner', hideInForm: true, width: 90 },
  ],
  rowRights: (row) => ({
    edit: canChangeCourse(row.access),
    remove: row.access === 'own' || row.access === 'admin',
  }),
  // The classes go as the form holds them (class and release dates), not as the row answered them.
  beforeSubmit: (values) => ({ ...values, classes: classesForm(values.classes) }),
  rowActions: (row) => {
    const list: RowAction[] = [
      {
        code: 'course_sub_view',
        label: 'course.editContent',
        icon: <EditOutlined />,
        onClick: () => actions.edit(row),
      },
      {
        code: 'course_view',
        label: 'courseProgress.action',
        icon: <BarChartOutlined />,
        onClick: () => actions.progress(row),
      },
    ];
    if (canChangeCourse(row.access))
      list.push({
        code: 'course_publish',
        label: row.published ? 'course.unpublish' : 'course.publish',
        icon: row.published ? <EyeInvisibleOutlined /> : <SendOutlined />,
        onClick: () => actions.publish(row),
      });
    if (row.access === 'own' || row.access === 'admin')
      list.push({
        code: 'course_permission_view',
        label: 'course.share',
        icon: <ShareAltOutlined />,
        onClick: () => actions.share(row),
      });
    if (row.access !== 'own')
      list.push({
        code: 'course_quote',
        label: 'course.quote',
        icon: <CopyOutlined />,
        onClick: () => actions.quote(row),
      });
    return list;
  },
});

function AccessTag({ access }: { access: LibAccess }) {
  const { t } = useTranslation();
  return <Tag color={ACCESS_COLORS[access]}>{t(`questionBank.access.${access}`)}</Tag>;
}

function PublishedTag({ published }: { published: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={published ? 'green' : 'default'}>{t(published ? 'course.state.published' : 'course.state.draft')}</Tag>
  );
}

/**
 * 课程管理: the courses a teacher may read — theirs, shared with them, public — with cover, direction, hours and the
 * classes taught to; 编辑课程内容 opens the topic editor, 发布 shows a course to the students of its classes, 共享 and
 * 引用 as for papers.
 */
export default function CoursePage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [sharing, setSharing] = useState<Course | null>(null);
  const [studying, setStudying] = useState<Course | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['course'] });
  const quote = useMutation({
    mutationFn: (course: Course) => courseApi.quote(course.id),
    onSuccess: (copy) => {
      void message.success(t('shared:course.quoted', { name: copy.name }));
      refresh();
    },
  });
  const publish = useMutation({
    mutationFn: (course: Course) => courseApi.publish(course.id, course.published ? 0 : 1),
    onSuccess: (saved) => {
      void message.success(t(saved.published ? 'shared:course.published' : 'shared:course.unpublished'));
      refresh();
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: built once; the callbacks read the latest state
  const option = useMemo(
    () =>
      courseOption({
        edit: (course) => navigate(editorPath(course.id)),
        publish: (course) => publish.mutate(course),
        share: setSharing,
        progress: setStudying,
        quote: (course) =>
          modal.confirm({
            title: t('course.quoteTitle'),
            content: t('course.quoteConfirm', { name: course.name }),
            okText: t('course.quote'),
            onOk: () => quote.mutateAsync(course).catch(() => undefined),
          }),
      }),
    [t],
  );
  return (
    <>
      <CrudPage option={option} defaults={{ discipline: '', hours: 32, isPublic: 0, classes: [] }} />
      <ShareDialog
        kind={COURSE_SHARES}
        target={sharing}
        title={t('course.shareTitle', { name: sharing?.name ?? '' })}
        onClose={() => setSharing(null)}
        onChanged={refresh}
      />
      <ProgressDrawer course={studying} onClose={() => setStudying(null)} />
    </>
  );
}
