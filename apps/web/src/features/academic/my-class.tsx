import { HomeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Result, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { studentApi } from '../../api/exam.ts';

/** 我的班级: the signed-in student's school, class, current term and teachers. */
export default function MyClassPage() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useQuery({
    queryKey: ['student', 'mine'],
    queryFn: studentApi.mine,
    retry: false,
  });
  if (isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (isError || !data) {
    return (
      <Card variant="borderless">
        <Result
          icon={<HomeOutlined />}
          title={t('academic.mine.notStudent')}
          subTitle={t('academic.mine.notStudentHint')}
        />
      </Card>
    );
  }
  const { student } = data;
  return (
    <Card variant="borderless" title={t('academic.mine.title')}>
      <Descriptions column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('academic.student.realName')}>{student.realName}</Descriptions.Item>
        <Descriptions.Item label={t('academic.student.studentNo')}>{student.studentNo}</Descriptions.Item>
        <Descriptions.Item label={t('academic.school.label')}>{student.schoolName}</Descriptions.Item>
        <Descriptions.Item label={t('academic.student.class')}>
          {[student.gradeName, student.className].filter(Boolean).join('/')}
        </Descriptions.Item>
        <Descriptions.Item label={t('academic.term.current')}>
          {data.termName || t('academic.mine.noTerm')}
        </Descriptions.Item>
        <Descriptions.Item label={t('academic.clazz.headTeacher')}>{data.headTeacherName || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('academic.mine.teachers')} span={2}>
          {data.teacherNames.length ? (
            data.teacherNames.map((n) => <Tag key={n}>{n}</Tag>)
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('academic.mine.noTeachers')} />
          )}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
