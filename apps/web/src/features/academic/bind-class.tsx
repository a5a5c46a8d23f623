import { TeamOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { studentApi } from '../../api/exam.ts';
import { formatDate } from '../../components/CrudPage/values.ts';

/**
 * Where a class QR code leads (`/bind/class?code=`): the signed-in student sees the school, class and teacher and
 * joins with one click. Not signed in, the guard sends them to sign in first and back here after.
 */
export default function BindClassPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const info = useQuery({
    queryKey: ['student', 'bind-info', code],
    queryFn: () => studentApi.bindInfo(code),
    enabled: Boolean(code),
    retry: false,
  });
  const join = useMutation({
    mutationFn: () => studentApi.bind(code),
    onSuccess: () => {
      void message.success(t('academic.bind.joined'));
      navigate('/exam/my-class', { replace: true });
    },
  });

  if (info.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!code || info.isError || !info.data) {
    return (
      <Card variant="borderless">
        <Result status="warning" title={t('academic.bind.invalid')} subTitle={info.error?.message} />
      </Card>
    );
  }
  const d = info.data;
  return (
    <Card variant="borderless" style={{ maxWidth: 560, margin: '24px auto' }}>
      <Result
        icon={<TeamOutlined />}
        title={t('academic.bind.title', { name: `${d.gradeName}/${d.className}` })}
        subTitle={t('academic.bind.hint')}
        extra={
          <Button type="primary" size="large" loading={join.isPending} onClick={() => join.mutate()}>
            {t('academic.bind.join')}
          </Button>
        }
      >
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('academic.school.label')}>{d.schoolName}</Descriptions.Item>
          <Descriptions.Item label={t('academic.student.class')}>{`${d.gradeName}/${d.className}`}</Descriptions.Item>
          <Descriptions.Item label={t('academic.bind.teacher')}>{d.teacherName}</Descriptions.Item>
          <Descriptions.Item label={t('academic.bind.expires')}>{formatDate(d.expiresAt, true)}</Descriptions.Item>
        </Descriptions>
      </Result>
    </Card>
  );
}
