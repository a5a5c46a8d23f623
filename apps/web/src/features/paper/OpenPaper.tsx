import { EyeOutlined, FileTextOutlined, HomeOutlined } from '@ant-design/icons';
import type { Paper } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Result, Spin, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paperApi } from '../../api/paper.ts';
import { website } from '../../config.ts';
import { useAuth } from '../../stores/auth.ts';
import { previewPath, TYPE_COLORS } from './labels.ts';

/** What `open?code=` answers: the paper, and whether the caller may read it (`canRead`; `access` in older answers). */
type Opened = { paperId: string; title: string; paperType: Paper['paperType'] } & {
  canRead?: boolean;
  access?: Paper['access'] | '' | null;
};

/**
 * Where a paper's QR code leads (`/paper/open?code=`), for anyone signed in to the paper's school: its title and
 * type; a teacher who may read it goes on to the preview; a student is told it will be in 我的考试 once it is
 * assigned to their class. Not signed in, the guard sends them to sign in first and back here after. A code that
 * is broken, expired or of another school shows the server's message.
 */
export default function OpenPaper() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const teacher = useAuth((s) => Boolean(s.permission.paper_view));
  const opened = useQuery({
    queryKey: ['paper', 'open', code],
    queryFn: () => paperApi.open(code) as Promise<Opened>,
    enabled: Boolean(code),
    retry: false,
  });
  const home = (
    <Button icon={<HomeOutlined />} onClick={() => navigate(website.homePath)}>
      {t('paperOpen.home')}
    </Button>
  );

  if (opened.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!code || opened.isError || !opened.data) {
    return (
      <Card variant="borderless" style={{ maxWidth: 560, margin: '24px auto' }}>
        <Result
          status="warning"
          title={t('paperOpen.invalid')}
          subTitle={code ? opened.error?.message : t('paperOpen.noCode')}
          extra={home}
        />
      </Card>
    );
  }

  const d = opened.data;
  const canRead = d.canRead ?? Boolean(d.access);
  let next: ReactNode;
  if (canRead) {
    next = (
      <Button type="primary" size="large" icon={<EyeOutlined />} onClick={() => navigate(previewPath(d.paperId))}>
        {t('paperOpen.preview')}
      </Button>
    );
  } else if (teacher) {
    next = <Alert type="warning" showIcon title={t('paperOpen.noAccess')} />;
  } else {
    next = <Alert type="info" showIcon title={t('paperOpen.forStudent')} data-testid="paper-open-student" />;
  }

  return (
    <Card variant="borderless" style={{ maxWidth: 560, margin: '24px auto' }}>
      <Result
        icon={<FileTextOutlined />}
        title={t('paperOpen.title', { title: d.title })}
        extra={
          <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 16 }}>
            {next}
            {!canRead && home}
          </div>
        }
      >
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('paperOpen.type')}>
            <Tag color={TYPE_COLORS[d.paperType]} variant="filled">
              {t(`paperPreview.type.${d.paperType}`)}
            </Tag>
          </Descriptions.Item>
        </Descriptions>
      </Result>
    </Card>
  );
}
