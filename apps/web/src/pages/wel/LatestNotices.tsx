import type { Notice } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, List, Modal, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPublishedNotices } from '../../api/desk.ts';
import styles from './wel.module.css';

const LATEST = 5;

/** The tenant's latest released notices; a click shows one (its content was sanitised by the server). */
export function LatestNotices() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Notice | null>(null);
  const feed = useQuery({ queryKey: ['notice', 'published', LATEST], queryFn: () => fetchPublishedNotices(LATEST) });

  return (
    <Card variant="borderless" title={t('home.noticesTitle')} className={styles.fill}>
      {feed.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : !feed.data?.records.length ? (
        <Empty description={feed.isError ? t('crud.loadFailed') : t('home.noticesEmpty')} />
      ) : (
        <List
          dataSource={feed.data.records}
          renderItem={(n) => (
            <List.Item className={styles.clickable} onClick={() => setOpen(n)}>
              <span className={styles.noticeTitle}>{n.title}</span>
              <time className={styles.noticeTime}>{dayjs(n.releaseTime).format('YYYY-MM-DD')}</time>
            </List.Item>
          )}
        />
      )}
      <Modal open={open !== null} title={open?.title} footer={null} onCancel={() => setOpen(null)} width={720}>
        {open && (
          <>
            <p className={styles.noticeTime}>{dayjs(open.releaseTime).format('YYYY-MM-DD HH:mm')}</p>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list on save */}
            <div className={styles.noticeBody} dangerouslySetInnerHTML={{ __html: open.content }} />
          </>
        )}
      </Modal>
    </Card>
  );
}
