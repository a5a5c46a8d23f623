import type { Notice } from '@shixun/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Modal } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { markNoticesRead } from '../../api/desk.ts';
import styles from './notice.module.css';

/** Query keys of what a read mark changes: the feeds and the bell's count. */
export const NOTICE_FEED_KEY = ['notice', 'published'] as const;
export const NOTICE_UNREAD_KEY = ['notice', 'unread'] as const;

/**
 * One released notice, opened from the bell or the home page. Opening it marks it read for this user; its content
 * was sanitised by the server's allow-list when it was saved.
 */
export function NoticeDialog({
  notice,
  onClose,
}: {
  notice: (Notice & { read?: boolean }) | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const id = notice?.id;
  const unread = notice ? notice.read !== true : false;

  useEffect(() => {
    if (!id || !unread) return;
    markNoticesRead([id])
      .then(() => {
        void queryClient.invalidateQueries({ queryKey: NOTICE_FEED_KEY });
        void queryClient.invalidateQueries({ queryKey: NOTICE_UNREAD_KEY });
      })
      .catch(() => undefined);
  }, [id, unread, queryClient]);

  return (
    <Modal open={notice !== null} title={notice?.title} footer={null} onCancel={onClose} width={720}>
      {notice && (
        <>
          <p className={styles.time}>{dayjs(notice.releaseTime).format('YYYY-MM-DD HH:mm')}</p>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allow-list on save */}
          <div className={styles.body} dangerouslySetInnerHTML={{ __html: notice.content }} />
        </>
      )}
    </Modal>
  );
}
