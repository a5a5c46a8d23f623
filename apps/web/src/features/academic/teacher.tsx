import { CloudUploadOutlined, LinkOutlined, QrcodeOutlined } from '@ant-design/icons';
import { type Teacher, teacherEditorSchema } from '@shixun/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teacherApi } from '../../api/exam.ts';
import { hashTypedPassword, newPasswordColumn } from '../../components/CrudPage/account-fields.ts';
import { ActionButton, type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { ImportDialog } from '../../components/ImportDialog.tsx';
import { classesIn, QrDialog, type QrTarget } from './QrDialog.tsx';
import { RelaDialog } from './RelaDialog.tsx';

type TeacherRow = Teacher & { password?: string };

function RelaCell({ names }: { names: string[] }) {
  const { t } = useTranslation();
  if (!names.length)
    return <span style={{ color: 'var(--ant-color-text-tertiary)' }}>{t('academic.teacher.noRela')}</span>;
  return (
    <Space size={[0, 4]} wrap>
      {names.map((n) => (
        <Tag key={n}>{n}</Tag>
      ))}
    </Space>
  );
}

/**
 * 教师管理: teachers are accounts with the teacher role; their relations to schools, grades and classes decide which
 * classes they see and assign to. A class QR code made here speaks in the teacher's name.
 */
export default function TeacherPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [rela, setRela] = useState<Teacher | null>(null);
  const [qr, setQr] = useState<QrTarget | null>(null);
  const [importing, setImporting] = useState(false);

  const option = useMemo<CrudOption<TeacherRow, typeof teacherEditorSchema>>(() => {
    /** The QR dialog for a teacher: the classes they teach, from the relations tree. */
    const openQr = async (row: Teacher) => {
      const [tree, ids] = await Promise.all([teacherApi.orgTree(), teacherApi.relas(row.id)]);
      const chosen = new Set(ids);
      const pick = (nodes: typeof tree): typeof tree =>
        nodes.flatMap((n) => (chosen.has(n.id) ? [n] : pick(n.children ?? [])));
      setQr({ classes: classesIn(pick(tree)), teacherId: row.id, teacherName: row.realName });
    };
    return {
      biz: 'teacher',
      title: 'academic.teacher.title',
      rowKey: 'id',
      api: teacherApi,
      formSchema: teacherEditorSchema,
      defaults: { status: 1, sex: 0 },
      beforeSubmit: hashTypedPassword,
      columns: [
        // Narrow enough that the list keeps every column in view at 1366 px.
        { prop: 'account', label: 'academic.teacher.account', search: true, width: 110, ellipsis: true, half: true },
        newPasswordColumn('academic.teacher.password', t),
        { prop: 'realName', label: 'academic.teacher.realName', search: true, width: 90, ellipsis: true, half: true },
        {
          prop: 'sex',
          label: 'academic.teacher.sex',
          type: 'select',
          dict: { code: 'sex', numeric: true },
          width: 64,
          half: true,
        },
        { prop: 'teacherNo', label: 'academic.teacher.teacherNo', search: true, width: 90, half: true },
        { prop: 'jobTitle', label: 'academic.teacher.jobTitle', width: 90, ellipsis: true, half: true },
        { prop: 'phone', label: 'academic.teacher.phone', width: 104, half: true },
        { prop: 'email', label: 'academic.teacher.email', hideInTable: true, half: true },
        {
          prop: 'relaNames',
          label: 'academic.teacher.relas',
          hideInForm: true,
          width: 180,
          render: (_, row) => <RelaCell names={row.relaNames} />,
        },
        { prop: 'status', label: 'academic.status', type: 'status', search: true, width: 90 },
        { prop: 'remark', label: 'academic.remark', type: 'textarea', hideInTable: true },
      ],
      toolbar: () => (
        <ActionButton
          code="teacher_import"
          icon={<CloudUploadOutlined />}
          label="academic.teacher.import"
          onClick={() => setImporting(true)}
        />
      ),
      rowActions: (row) => [
        { code: 'teacher_rela', icon: <LinkOutlined />, label: 'academic.teacher.rela', onClick: () => setRela(row) },
        {
          code: 'clazz_qrcode',
          icon: <QrcodeOutlined />,
          label: 'academic.qr.short',
          onClick: () => void openQr(row).catch(() => undefined),
        },
      ],
    };
  }, [t]);

  return (
    <>
      <CrudPage option={option} />
      <RelaDialog teacher={rela} onClose={() => setRela(null)} />
      <QrDialog target={qr} onClose={() => setQr(null)} />
      <ImportDialog
        open={importing}
        title={t('academic.teacher.importTitle')}
        templateHint={t('academic.teacher.importStep1')}
        downloadTemplate={teacherApi.downloadTemplate}
        run={teacherApi.importTeachers}
        fieldLabel={(f) => t(`academic.teacher.column.${f}`, { defaultValue: f })}
        onClose={() => setImporting(false)}
        onImported={() => {
          void queryClient.invalidateQueries({ queryKey: ['teacher'] });
        }}
      />
    </>
  );
}
