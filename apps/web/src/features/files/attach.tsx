import { DownloadOutlined, FileSearchOutlined } from '@ant-design/icons';
import { type Attach, attachFormSchema, UPLOAD_CATEGORIES } from '@shixun/contracts';
import { useMemo, useState } from 'react';
import { attachApi } from '../../api/files.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { formatSize } from '../../components/FilePreview/format.ts';
import { FilePreview } from '../../components/FilePreview/index.tsx';
import { UploadButton } from './UploadButton.tsx';

/** 附件管理: every file the school stored, with preview and download; a file still in use cannot be removed. */
export default function AttachPage() {
  const [previewing, setPreviewing] = useState<Attach | null>(null);
  const option = useMemo<CrudOption<Attach, typeof attachFormSchema>>(
    () => ({
      biz: 'attach',
      title: 'attach.title',
      rowKey: 'id',
      api: attachApi,
      formSchema: attachFormSchema,
      toolbar: (ctx) => <UploadButton onUploaded={ctx.reload} />,
      columns: [
        { prop: 'originalName', label: 'attach.originalName', search: true, ellipsis: true, width: 280 },
        {
          prop: 'extension',
          label: 'attach.extension',
          search: true,
          width: 90,
          render: (v) => String(v).toUpperCase(),
        },
        { prop: 'attachSize', label: 'attach.attachSize', width: 100, render: (v) => formatSize(Number(v)) },
        {
          prop: 'category',
          label: 'attach.category',
          type: 'select',
          search: true,
          width: 110,
          options: UPLOAD_CATEGORIES.map((c) => ({ label: `attach.categories.${c}`, value: c })),
        },
        { prop: 'uploaderName', label: 'attach.uploader', width: 120 },
        { prop: 'createTime', label: 'attach.createTime', type: 'datetime', width: 170 },
      ],
      rowActions: (row) => [
        {
          code: 'attach_view',
          icon: <FileSearchOutlined />,
          label: 'attach.preview',
          onClick: () => setPreviewing(row),
        },
        {
          code: 'attach_view',
          icon: <DownloadOutlined />,
          label: 'attach.download',
          onClick: () => void attachApi.download(row.id).catch(() => undefined),
        },
      ],
    }),
    [],
  );
  return (
    <>
      <CrudPage option={option} />
      <FilePreview link={previewing?.link} open={Boolean(previewing)} onClose={() => setPreviewing(null)} />
    </>
  );
}
