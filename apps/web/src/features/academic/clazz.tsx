import { QrcodeOutlined } from '@ant-design/icons';
import { CLAZZ_CATEGORY, type Clazz, clazzFormSchema, type OrgNode } from '@shixun/contracts';
import { Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clazzApi } from '../../api/exam.ts';
import { type CrudOption, CrudPage } from '../../components/CrudPage/index.tsx';
import { GradeSelect } from './GradeSelect.tsx';
import { OrgTree } from './OrgTree.tsx';
import { directionTree, schoolOptions, teacherOptions } from './options.ts';
import { QrDialog, type QrTarget } from './QrDialog.tsx';

const isClass = (values: Record<string, unknown>) => values.category === CLAZZ_CATEGORY.class;

function CategoryCell({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return value === CLAZZ_CATEGORY.grade ? (
    <Tag color="purple">{t('academic.clazz.grade')}</Tag>
  ) : (
    <Tag color="blue">{t('academic.clazz.class')}</Tag>
  );
}

/** The table's filter and a new row's starting values for the node picked in the tree. */
function forNode(node: OrgNode | undefined): { query?: Record<string, string>; defaults: Record<string, unknown> } {
  if (!node) return { defaults: { category: CLAZZ_CATEGORY.grade } };
  if (node.type === 'school')
    return { query: { schoolId: node.id }, defaults: { category: CLAZZ_CATEGORY.grade, schoolId: node.id } };
  const gradeId = node.type === 'grade' ? node.id : node.parentId;
  return {
    query: { parentId: gradeId },
    defaults: { category: CLAZZ_CATEGORY.class, schoolId: node.schoolId, parentId: gradeId },
  };
}

/**
 * 班级管理: grades and classes per school. The tree on the left narrows the table (a school: its grades; a grade or
 * class: the grade's classes) and sets what 新增 starts with. A teacher sees only their classes, read-only, and makes
 * their QR codes here.
 */
export default function ClazzPage() {
  const [node, setNode] = useState<OrgNode>();
  const [qr, setQr] = useState<QrTarget | null>(null);
  const option = useMemo<CrudOption<Clazz, typeof clazzFormSchema>>(
    () => ({
      biz: 'clazz',
      title: 'academic.clazz.title',
      rowKey: 'id',
      api: clazzApi,
      formSchema: clazzFormSchema,
      defaults: { status: 1, category: CLAZZ_CATEGORY.grade },
      columns: [
        {
          prop: 'category',
          label: 'academic.clazz.category',
          type: 'select',
          options: [
            { label: 'academic.clazz.grade', value: CLAZZ_CATEGORY.grade },
            { label: 'academic.clazz.class', value: CLAZZ_CATEGORY.class },
          ],
          search: true,
          width: 90,
          half: true,
          render: (value) => <CategoryCell value={value} />,
        },
        {
          prop: 'schoolId',
          label: 'academic.school.label',
          type: 'select',
          loadOptions: schoolOptions,
          optionsKey: 'exam-schools',
          half: true,
          width: 160,
          render: (_, row) => row.schoolName,
        },
        { prop: 'name', label: 'academic.clazz.name', search: true, width: 140 },
        {
          prop: 'parentId',
          label: 'academic.clazz.parent',
          visible: isClass,
          control: (placeholder) => <GradeSelect placeholder={placeholder} />,
          render: (_, row) => row.gradeName,
          width: 110,
        },
        {
          prop: 'headTeacherId',
          label: 'academic.clazz.headTeacher',
          type: 'select',
          loadOptions: teacherOptions,
          optionsKey: 'exam-teachers',
          visible: isClass,
          half: true,
          render: (_, row) => row.headTeacherName,
          width: 110,
        },
        {
          prop: 'enrolmentYear',
          label: 'academic.clazz.enrolmentYear',
          type: 'number',
          visible: isClass,
          half: true,
          width: 100,
        },
        {
          prop: 'directionId',
          label: 'academic.clazz.direction',
          type: 'treeSelect',
          loadOptions: directionTree,
          optionsKey: 'exam-directions',
          visible: isClass,
          render: (_, row) => row.directionName,
          width: 140,
        },
        { prop: 'studentCount', label: 'academic.clazz.studentCount', width: 90 },
        { prop: 'sort', label: 'academic.sort', type: 'number', hideInTable: true, half: true },
        { prop: 'status', label: 'academic.status', type: 'status', width: 90, half: true },
        { prop: 'remark', label: 'academic.remark', type: 'textarea', hideInTable: true },
      ],
      rowActions: (row) =>
        row.category === CLAZZ_CATEGORY.class
          ? [
              {
                code: 'clazz_qrcode',
                icon: <QrcodeOutlined />,
                label: 'academic.qr.title',
                onClick: () => setQr({ classes: [{ id: row.id, name: `${row.gradeName}/${row.name}` }] }),
              },
            ]
          : [],
    }),
    [],
  );
  const { query, defaults } = forNode(node);
  return (
    <>
      <CrudPage
        option={option}
        query={query}
        defaults={defaults}
        picked={node?.type === 'class' ? node.id : undefined}
        side={<OrgTree value={node} onChange={setNode} />}
      />
      <QrDialog target={qr} onClose={() => setQr(null)} />
    </>
  );
}
