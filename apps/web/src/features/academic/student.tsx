import { CloudUploadOutlined, DownloadOutlined, HistoryOutlined, KeyOutlined } from '@ant-design/icons';
import { type OrgNode, type Student, studentEditorSchema } from '@shixun/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { studentApi } from '../../api/exam.ts';
import { hashTypedPassword, newPasswordColumn } from '../../components/CrudPage/account-fields.ts';
import { ActionButton, type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { ImportDialog } from '../../components/ImportDialog.tsx';
import { usePasswordReset } from '../../components/usePasswordReset.tsx';
import { ClassSelect } from './ClassSelect.tsx';
import { OrgTree } from './OrgTree.tsx';
import { StaysDialog } from './StaysDialog.tsx';

type StudentRow = Student & { password?: string };

/** The list's filter for the node picked in the tree. */
function queryOf(node: OrgNode | undefined): Record<string, string> | undefined {
  if (!node) return undefined;
  const key = { school: 'schoolId', grade: 'gradeId', class: 'classId' }[node.type];
  return { [key]: node.id };
}

/**
 * 学生管理: students by school, grade and class (the tree on the left). Each student is an account with the student
 * role; import from the Excel template, export the roster, reset passwords, see the classes a student has been in.
 * A teacher sees the students of their classes only.
 */
export default function StudentPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [node, setNode] = useState<OrgNode>();
  const [stays, setStays] = useState<Student | null>(null);
  const [importing, setImporting] = useState(false);
  const { confirmReset, passwords } = usePasswordReset(studentApi.resetPassword, {
    title: 'academic.student.reset',
    confirm: 'academic.student.resetConfirm',
    done: 'academic.student.resetTitle',
  });
  const classId = node?.type === 'class' ? node.id : undefined;

  const option = useMemo<CrudOption<StudentRow, typeof studentEditorSchema>>(() => {
    return {
      biz: 'student',
      title: 'academic.student.title',
      rowKey: 'id',
      api: studentApi,
      formSchema: studentEditorSchema,
      defaults: { status: 1, sex: 0 },
      beforeSubmit: hashTypedPassword,
      columns: [
        // Narrow enough that the list keeps every column in view at 1366 px beside the class tree.
        { prop: 'studentNo', label: 'academic.student.studentNo', search: true, width: 100, half: true },
        { prop: 'realName', label: 'academic.student.realName', search: true, width: 80, ellipsis: true, half: true },
        {
          prop: 'sex',
          label: 'academic.student.sex',
          type: 'select',
          dict: { code: 'sex', numeric: true },
          // In the view drawer: the list keeps to what tells students apart.
          hideInTable: true,
          half: true,
        },
        { prop: 'phone', label: 'academic.student.phone', width: 104, half: true },
        {
          prop: 'classId',
          label: 'academic.student.class',
          control: (placeholder) => <ClassSelect placeholder={placeholder} />,
          render: (_, row) => [row.gradeName, row.className].filter(Boolean).join('/'),
          width: 100,
          ellipsis: true,
        },
        {
          prop: 'account',
          label: 'academic.student.account',
          width: 100,
          ellipsis: true,
          half: true,
          help: 'academic.student.accountHelp',
        },
        newPasswordColumn('academic.student.password', t),
        { prop: 'status', label: 'academic.status', type: 'status', search: true, width: 90 },
        { prop: 'remark', label: 'academic.remark', type: 'textarea', hideInTable: true },
      ],
      selectFor: ['student_reset'],
      toolbar: (ctx) => (
        <>
          <ActionButton
            code="student_import"
            icon={<CloudUploadOutlined />}
            label="academic.student.import"
            onClick={() => setImporting(true)}
          />
          <ActionButton
            code="student_export"
            icon={<DownloadOutlined />}
            label="academic.student.export"
            onClick={() => void studentApi.exportRoster(ctx.filters).catch(() => undefined)}
          />
          <ActionButton
            code="student_reset"
            icon={<KeyOutlined />}
            label="academic.student.reset"
            rows={{ selected: ctx.selected, run: confirmReset }}
          />
        </>
      ),
      rowActions: (row) => [
        {
          code: 'student_view',
          icon: <HistoryOutlined />,
          label: 'academic.student.stays',
          onClick: () => setStays(row),
        },
      ],
    };
  }, [confirmReset, t]);

  return (
    <>
      <CrudPage
        option={option}
        query={queryOf(node)}
        defaults={classId ? { classId } : undefined}
        side={<OrgTree value={node} onChange={setNode} />}
      />
      <StaysDialog student={stays} onClose={() => setStays(null)} />
      <ImportDialog
        open={importing}
        title={t('academic.student.importTitle')}
        templateHint={
          classId ? t('academic.student.importStep1Class', { name: node?.title }) : t('academic.student.importStep1')
        }
        downloadTemplate={studentApi.downloadTemplate}
        run={(file) => studentApi.importStudents(file, classId)}
        fieldLabel={(f) => t(`academic.student.column.${f}`, { defaultValue: f })}
        onClose={() => setImporting(false)}
        onImported={() => {
          void queryClient.invalidateQueries({ queryKey: ['student'] });
          void queryClient.invalidateQueries({ queryKey: ['clazz'] });
        }}
      />
      {passwords}
    </>
  );
}
