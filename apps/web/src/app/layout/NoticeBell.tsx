import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import type { PublishedNotice } from '@shixun/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Empty, List, Popover, Skeleton, Tabs, Tooltip } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchPublishedNotices, fetchUnreadNotices, markAllNoticesRead } from '../../api/desk.ts';
import { NOTICE_FEED_KEY, NOTICE_UNREAD_KEY, NoticeDialog } from '../../components/notice/NoticeDialog.tsx';
import { useAuth } from '../../stores/auth.ts';
import styles from './shell.module.css';

dayjs.extend(relativeTime);

const FEED_SIZE = 8;
/** The bell's count is fetched again every few minutes, so a new notice shows without a reload. */
const UNREAD_REFRESH_MS = 3 * 60_000;

/** The mail and message tabs are examples until those services exist (SPEC §2 "with demo data"). */
function DemoTab({ kind }: { kind: 'mail' | 'message' }) {
  const { t } = useTranslation();
  const items = [1, 2, 3].map((n) => ({
    title: t(`notices.demo.${kind}${n}`),
    time: dayjs().subtract(n * 3, 'hour'),
  }));
  return (
    <>
      <Alert className={styles.demoAlert} type="info" showIcon title={t('notices.demoNote')} />
      <List
        size="small"
        dataSource={items}
        renderItem={(item) => (
          <List.Item className={styles.noticeItem}>
            <span className={styles.noticeTitle}>{item.title}</span>
            <time className={styles.noticeTime}>{item.time.fromNow()}</time>
          </List.Item>
        )}
      />
    </>
  );
}

function NoticeTab({ onOpen }: { onOpen: (notice: PublishedNotice) => void }) {
  const { t } = useTranslation();
  const feed = useQuery({
    queryKey: [...NOTICE_FEED_KEY, FEED_SIZE],
    queryFn: () => fetchPublishedNotices(FEED_SIZE),
  });
  if (feed.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (!feed.data?.records.length) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={feed.isError ? t('crud.loadFailed') : t('home.noticesEmpty')}
      />
    );
  }
  return (
    <List
      size="small"
      dataSource={feed.data.records}
      renderItem={(n) => (
        <List.Item className={`${styles.noticeItem} ${styles.clickable}`} onClick={() => onOpen(n)} data-read={n.read}>
          <Badge status={n.read ? 'default' : 'processing'} />
          <span className={n.read ? styles.noticeTitle : `${styles.noticeTitle} ${styles.unread}`}>{n.title}</span>
          <time className={styles.noticeTime}>{dayjs(n.releaseTime).fromNow()}</time>
        </List.Item>
      )}
    />
  );
}

/**
 * 通知 (SPEC §2): the bell counts this user's unread notices; its popover has the mail and message tabs (examples)
 * and the tenant's released notices, unread ones marked. Read marks are kept on the server, per user.
 */
export function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canManage = useAuth((s) => Boolean(s.permission.notice_view));
  const [open, setOpen] = useState(false);
  const [reading, setReading] = useState<PublishedNotice | null>(null);
  const unread = useQuery({
    queryKey: NOTICE_UNREAD_KEY,
    queryFn: fetchUnreadNotices,
    refetchInterval: UNREAD_REFRESH_MS,
  });
  const count = unread.data ?? 0;

  const readAll = async () => {
    await markAllNoticesRead().catch(() => undefined);
    void queryClient.invalidateQueries({ queryKey: NOTICE_FEED_KEY });
    void queryClient.invalidateQueries({ queryKey: NOTICE_UNREAD_KEY });
  };

  const content = (
    <div className={styles.noticePanel} data-testid="notice-panel">
      <Tabs
        defaultActiveKey="notice"
        centered
        items={[
          { key: 'mail', label: t('notices.mail'), children: <DemoTab kind="mail" /> },
          { key: 'message', label: t('notices.message'), children: <DemoTab kind="message" /> },
          {
            key: 'notice',
            label: count ? `${t('notices.notice')} (${count})` : t('notices.notice'),
            children: (
              <NoticeTab
                onOpen={(n) => {
                  setOpen(false);
                  setReading(n);
                }}
              />
            ),
          },
        ]}
      />
      <div className={styles.noticeFooter}>
        <Button type="link" size="small" icon={<CheckOutlined />} disabled={!count} onClick={() => void readAll()}>
          {t('notices.readAll')}
        </Button>
        {canManage && (
          <Button
            type="link"
            size="small"
            onClick={() => {
              setOpen(false);
              navigate('/desk/notice');
            }}
          >
            {t('notices.manage')}
          </Button>
        )}
      </div>
    </div>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        content={content}
        arrow={false}
      >
        <Tooltip title={t('notices.title')} open={open ? false : undefined}>
          <Badge count={count} overflowCount={99} size="small" offset={[-6, 6]}>
            <Button
              type="text"
              className={styles.action}
              icon={<BellOutlined />}
              aria-label={t('notices.title')}
              data-testid="notice-bell"
            />
          </Badge>
        </Tooltip>
      </Popover>
      <NoticeDialog notice={reading} onClose={() => setReading(null)} />
    </>
  );
}
