import type { CourseTopicNode } from '@shixun/contracts';
import type { TFunction } from 'i18next';
import { formatDate } from '../../../components/CrudPage/values.ts';

/** The topics in course order (a chapter before its sections), with their depth. */
export function flatten(nodes: CourseTopicNode[], depth = 0): { node: CourseTopicNode; depth: number }[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flatten(node.children ?? [], depth + 1)]);
}

/** Why a topic is closed, in words (none when it is open). */
export function lockText(t: TFunction, node: CourseTopicNode): string | undefined {
  if (node.lockReason === 'release') return t('courseStudy.locked.release', { date: formatDate(node.releaseAt, true) });
  if (node.lockReason === 'previous') return t('courseStudy.locked.previous');
  return undefined;
}

/**
 * The topic to open when the link names none: the first open one with something to study that is not complete yet,
 * else the first open one with something to study.
 */
export function firstTopic(nodes: CourseTopicNode[]): CourseTopicNode | undefined {
  const open = flatten(nodes)
    .map((f) => f.node)
    .filter((n) => !n.lockReason && (n.coursewareCount > 0 || n.paperCount > 0));
  return open.find((n) => !n.completed) ?? open[0];
}
