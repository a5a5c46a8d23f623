import { EyeOutlined, LinkOutlined } from '@ant-design/icons';
import { COURSEWARE_KINDS, type Courseware, coursewareFormSchema } from '@shixun/contracts';
import { Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { coursewareApi } from '../../../api/course.ts';
import { type CrudOption, CrudPage } from '../../../components/CrudPage/index.tsx';
import { formatSize } from '../../../components/FilePreview/format.ts';
import { FilePreview } from '../../../components/FilePreview/index.tsx';
import { CompletionField, CoursewareFileField } from './CoursewareFields.tsx';

const kindIs = (kind: Courseware['kind']) => (values: Record<string, unknown>) => values.kind === kind;
const KIND_COLORS: Record<Courseware['kind'], string> = { file: 'blue', richtext: 'purple', link: 'cyan' };

const coursewareOption = (
  t: (key: string) => string,
  preview: (ware: Courseware) => void,
  editable: boolean,
): CrudOption<Courseware, typeof coursewareFormSchema> => ({
  biz: 'courseware',
  title: 'course.ware.title',
  rowKey: 'id',
  api: coursewareApi,
  formSchema: coursewareFormSchema,
  columns: [
    { prop: 'name', label: 'course.ware.name', search: true, minWidth: 160 },
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
  ],
  rowRights: () => ({ edit: editable, remove: editable }),
  rowActions: (row) =>
    row.kind === 'richtext'
      ? []
      : [
          {
            code: 'courseware_view',
            label: row.kind === 'file' ? 'course.ware.preview' : 'course.ware.open',
            icon: row.kind === 'file' ? <EyeOutlined /> : <LinkOutlined />,
            onClick: () => preview(row),
          },
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
  const [previewing, setPreviewing] = useState<Courseware | null>(null);
  const option = useMemo(
    () =>
      coursewareOption(
        t,
        (ware) =>
          ware.kind === 'link' ? window.open(ware.link, '_blank', 'noopener,noreferrer') : setPreviewing(ware),
        editable,
      ),
    [t, editable],
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
    </>
  );
}
