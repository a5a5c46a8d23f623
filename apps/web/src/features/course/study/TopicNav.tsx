import { CheckCircleFilled, LockOutlined } from '@ant-design/icons';
import type { CourseTopicNode } from '@shixun/contracts';
import { useTranslation } from 'react-i18next';
import styles from './study.module.css';
import { lockText } from './topics.ts';

function TopicItem({
  node,
  depth,
  selectedId,
  onSelect,
}: {
  node: CourseTopicNode;
  depth: number;
  selectedId: string | undefined;
  onSelect: (node: CourseTopicNode) => void;
}) {
  const { t } = useTranslation();
  const reason = lockText(t, node);
  const selected = node.id === selectedId;
  const reasonId = `lock-${node.id}`;
  return (
    <li>
      {/* A closed topic stays in the list, greyed, and reachable by keyboard so its reason is read out. */}
      <button
        type="button"
        className={[styles.topic, selected ? styles.topicSelected : '', reason ? styles.topicLocked : ''].join(' ')}
        style={{ paddingInlineStart: 12 + depth * 16 }}
        aria-current={selected ? 'true' : undefined}
        aria-disabled={reason ? true : undefined}
        aria-describedby={reason ? reasonId : undefined}
        data-topic={node.id}
        data-locked={reason ? node.lockReason : undefined}
        onClick={() => {
          if (!reason) onSelect(node);
        }}
      >
        <span className={styles.topicName}>
          {reason && <LockOutlined aria-hidden="true" />} {node.name}
        </span>
        {reason ? (
          <span className={styles.topicReason} id={reasonId}>
            {reason}
          </span>
        ) : node.completed ? (
          <span className={styles.topicDone}>
            <CheckCircleFilled aria-hidden="true" /> {t('courseStudy.completed')}
          </span>
        ) : node.percent !== undefined ? (
          <span className={styles.topicPercent}>{t('courseStudy.topicPercent', { percent: node.percent ?? 0 })}</span>
        ) : null}
      </button>
      {node.children?.length ? (
        <ul className={styles.topics}>
          {node.children.map((c) => (
            <TopicItem key={c.id} node={c} depth={depth + 1} selectedId={selectedId} onSelect={onSelect} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The course's contents: every topic in order with the student's progress; a closed topic is greyed with a lock and
 * why (完成上一个知识点后开放 / 将于 … 开放) — not hidden, focusable, not opened.
 */
export function TopicNav({
  nodes,
  selectedId,
  onSelect,
}: {
  nodes: CourseTopicNode[];
  selectedId: string | undefined;
  onSelect: (node: CourseTopicNode) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('courseStudy.tree')} data-testid="topic-nav">
      <ul className={styles.topics}>
        {nodes.map((n) => (
          <TopicItem key={n.id} node={n} depth={0} selectedId={selectedId} onSelect={onSelect} />
        ))}
      </ul>
    </nav>
  );
}
