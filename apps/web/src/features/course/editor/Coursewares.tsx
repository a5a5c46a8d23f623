import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CloudDownloadOutlined,
  EyeOutlined,
  LinkOutlined,
} from '@ant-design/icons';
import { COURSEWARE_KINDS, type Courseware, coursewareFormSchema } from '@shixun/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coursewareApi } from '../../../api/course.ts';
import { ActionButton } from '../../../components/CrudPage/ActionButton.tsx';
import { type CrudOption, CrudPage, type RowAction } from '../../../components/CrudPage/index.tsx';
import { formatSize } from '../../../components/FilePreview/format.ts';
import { FilePreview } from '../../../components/FilePreview/index.tsx';
import { CompletionField, CoursewareFileField } from './CoursewareFields.tsx';
import css from './editor.module.css';
import { KIND_COLORS, QuoteWareDialog } from './QuoteWareDialog.tsx';
import { SegmentsField } from './SegmentsField.tsx';
import { VersionDialog } from './VersionDialog.tsx';

const kindIs = (kind: Courseware['kind']) => (values: Record<string, unknown>) => values.kind === kind;

/** A quoted courseware's pin: "v3 可更新" (opens the versions) when the source moved on, else its version or 本地副本. */
function PinTag({ row, onOpen }: { row: Courseware; onOpen: (row: Courseware) => void }) {
  const { t } = useTranslation();
  if (row.sourceId === '0') return null;
  if (row.sourceVersion === 0) return <Tag className={css.pin}>{t('course.version.local')}</Tag>;
  if (row.latestVersion <= row.sourceVersion)
    return <Tag className={css.pin}>{t('course.version.quoted', { version: row.sourceVersion })}</Tag>;
  return (
    <Tag
      color="orange"
      className={css.pin}
      role="button"
      tabIndex={0}
      data-testid="courseware-update"
      onClick={() => onOpen(row)}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen(row);
        }
      }}
    >
      {t('course.version.update', { version: row.latestVersion })}
    </Tag>
  );
}

const coursewareOption = (
  t: (key: string, options?: Record<string, unknown>) => string,
  preview: (ware: Courseware) => void,
  editable: boolean,
  openPin: (ware: Courseware) => void,
  openQuote: () => void,
  step: (ware: Courseware, direction: 'up' | 'down') => void,
): CrudOption<Courseware, typeof coursewareFormSchema> => ({
  biz: 'courseware',
  title: 'course.ware.title',
  rowKey: 'id',
  api: coursewareApi,
  formSchema: coursewareFormSchema,
  columns: [
    {
      prop: 'name',
      label: 'course.ware.name',
      search: true,
      minWidth: 160,
      render: (v, row) => (
        <>
          {String(v)}
          <PinTag row={row} onOpen={openPin} />
          {row.usedBy > 0 && (
            <div className={css.count}>{t('course.wareQuote.usedByCount', { count: row.usedBy })}</div>
          )}
        </>
      ),
    },
    {
      prop: 'kind',
      label: 'course.ware.kind',
      type: 'select',
      options: COURSEWARE_KINDS.map((k) => ({ label: `course.kind.${k}`, value: k })),
      width: 80,
      render: (v) => <Tag color={KIND_COLORS[v as Courseware['kind']]}>{t(`course.kind.${String(v)}`)}</Tag>,
    },
    {
      prop: 'originalName',
      label: 'course.ware.file',
      hideInForm: true,
      minWidth: 140,
      render: (_, row) =>
        row.kind === 'file'
          ? `${row.originalName} · ${formatSize(row.fileSize)}`
          : row.kind === 'link'
            ? row.link
            : '—',
    },
    {
      prop: 'attachId',
      label: 'course.ware.file',
      hideInTable: true,
      visible: kindIs('file'),
      control: <CoursewareFileField />,
      rules: [{ required: true, message: t('shared:courseware.file.required') }],
    },
    { prop: 'link', label: 'course.ware.link', hideInTable: true, visible: kindIs('link') },
    { prop: 'content', label: 'course.ware.content', type: 'richText', hideInTable: true, visible: kindIs('richtext') },
    {
      prop: 'duration',
      label: 'course.ware.duration',
      type: 'number',
      hideInTable: true,
      help: 'course.ware.durationHelp',
      visible: kindIs('file'),
    },
    {
      prop: 'completion',
      label: 'course.ware.completion',
      control: <CompletionField />,
      width: 110,
      render: (_, row) => t(`course.completion.${row.completion.kind}`),
    },
    {
      prop: 'segments',
      label: 'course.segment.label',
      hideInTable: true,
      control: <SegmentsField />,
    },
    {
      // A form field, not a column of the row: the note kept with the version this edit raises.
      prop: 'changeNote' as keyof Courseware & string,
      label: 'course.version.note',
      type: 'textarea',
      hideInTable: true,
      modes: ['edit'],
      help: 'course.version.noteHelp',
    },
  ],
  toolbar: () =>
    editable ? (
      <ActionButton
        code="courseware_add"
        icon={<CloudDownloadOutlined />}
        label="course.wareQuote.button"
        onClick={openQuote}
      />
    ) : null,
  rowRights: () => ({ edit: editable, remove: editable }),
  rowActions: (row): RowAction[] => [
    ...(row.kind === 'richtext'
      ? []
      : [
          {
            code: 'courseware_view' as const,
            label: row.kind === 'file' ? 'course.ware.preview' : 'course.ware.open',
            icon: row.kind === 'file' ? <EyeOutlined /> : <LinkOutlined />,
            onClick: () => preview(row),
          },
        ]),
    ...(editable
      ? (['up', 'down'] as const).map(
          (direction): RowAction => ({
            code: 'courseware_edit',
            label: `course.ware.${direction}`,
            icon: direction === 'up' ? <ArrowUpOutlined /> : <ArrowDownOutlined />,
            onClick: () => step(row, direction),
          }),
        )
      : []),
  ],
});

/**
 * A topic's coursewares: files (uploaded resumably, previewed in the preview dialog), rich texts and links, each with
 * the rule that completes it for a student.
 */
export function Coursewares({
  courseSubId,
  editable,
  heading,
}: {
  courseSubId: string;
  editable: boolean;
  heading: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [previewing, setPreviewing] = useState<Courseware | null>(null);
  const [pinned, setPinned] = useState<Courseware | null>(null);
  const [quoting, setQuoting] = useState(false);
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['courseware'] });
    void queryClient.invalidateQueries({ queryKey: ['course_sub'] });
  }, [queryClient]);
  const option = useMemo(
    () =>
      coursewareOption(
        t,
        (ware) =>
          ware.kind === 'link' ? window.open(ware.link, '_blank', 'noopener,noreferrer') : setPreviewing(ware),
        editable,
        setPinned,
        () => setQuoting(true),
        (ware, direction) => void coursewareApi.step(ware.id, direction).then(refresh),
      ),
    [t, editable, refresh],
  );
  return (
    <>
      <CrudPage
        option={option}
        name="courseware"
        embedded
        readOnly={!editable}
        heading={<h3>{heading}</h3>}
        query={{ courseSubId }}
        defaults={{ courseSubId, kind: 'file', completion: { kind: 'opened', value: 0 } }}
      />
      <FilePreview
        open={previewing !== null}
        link={previewing?.link ?? null}
        title={previewing?.name ?? ''}
        onClose={() => setPreviewing(null)}
      />
      <QuoteWareDialog
        courseSubId={courseSubId}
        open={quoting}
        onClose={() => setQuoting(false)}
        onQuoted={() => {
          setQuoting(false);
          refresh();
        }}
      />
      <VersionDialog ware={editable ? pinned : null} onClose={() => setPinned(null)} onChanged={refresh} />
    </>
  );
}
