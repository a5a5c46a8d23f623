import type { PublishedNotice } from '@shixun/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Empty, List, Skeleton } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchPublishedNotices } from '../../../api/desk.ts';
import { NOTICE_FEED_KEY, NoticeDialog } from '../../../components/notice/NoticeDialog.tsx';
import styles from './wel.module.css';

const LATEST = 5;

/** The tenant's latest released notices, unread ones marked; a click shows one. */
export function LatestNotices() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<PublishedNotice | null>(null);
  const feed = useQuery({ queryKey: [...NOTICE_FEED_KEY, LATEST], queryFn: () => fetchPublishedNotices(LATEST) });

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
              <Badge status={n.read ? 'default' : 'processing'} />
              <span className={styles.noticeTitle}>{n.title}</span>
              <time className={styles.noticeTime}>{dayjs(n.releaseTime).format('YYYY-MM-DD')}</time>
            </List.Item>
          )}
        />
      )}
      <NoticeDialog notice={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
