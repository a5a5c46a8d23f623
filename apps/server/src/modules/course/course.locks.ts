import type { CompletionRule } from '@shixun/contracts';

/** A topic as the study rules need it, in course order among its siblings. */
export interface StudyTopic {
  id: string;
  parentId: string;
  name: string;
  locked: number;
}

/** Why a student cannot open a topic yet: the previous topic is not complete, or it opens to their class later. */
export type TopicLock = { reason: 'previous'; previous: string } | { reason: 'release'; releaseAt: string };

/** A topic's roll-up: its own coursewares and those of the topics below it. */
export interface TopicTally {
  total: number;
  done: number;
}

/**
 * Each topic's coursewares counted with those below it (a chapter is complete when its sections are): `own` maps a
 * topic to its own coursewares' tally.
 */
export function tallyTopics(topics: StudyTopic[], own: Map<string, TopicTally>): Map<string, TopicTally> {
  const out = new Map<string, TopicTally>();
  const children = childrenOf(topics);
  const visit = (id: string): TopicTally => {
    const mine = own.get(id) ?? { total: 0, done: 0 };
    const sum = { ...mine };
    for (const c of children.get(id) ?? []) {
      const t = visit(c.id);
      sum.total += t.total;
      sum.done += t.done;
    }
    out.set(id, sum);
    return sum;
  };
  for (const root of children.get('0') ?? []) visit(root.id);
  return out;
}

/**
 * The locks a student meets, topic by topic, walking the tree in order: a topic whose release date for the class is
 * still ahead is locked ('release'); a topic with the prerequisite switch on is locked while the sibling before it is
 * not complete ('previous'); a topic under a locked one is locked for the same reason. Topics absent are open.
 */
export function topicLocks(
  topics: StudyTopic[],
  tallies: Map<string, TopicTally>,
  releases: Map<string, Date>,
  now: Date,
): Map<string, TopicLock> {
  const locks = new Map<string, TopicLock>();
  const children = childrenOf(topics);
  const complete = (id: string) => {
    const t = tallies.get(id);
    return !t || t.done >= t.total;
  };
  const walk = (parentId: string, inherited: TopicLock | undefined) => {
    let previous: StudyTopic | undefined;
    for (const t of children.get(parentId) ?? []) {
      const release = releases.get(t.id);
      const lock: TopicLock | undefined =
        inherited ??
        (release && release > now
          ? { reason: 'release', releaseAt: release.toISOString() }
          : t.locked === 1 && previous && !complete(previous.id)
            ? { reason: 'previous', previous: previous.name }
            : undefined);
      if (lock) locks.set(t.id, lock);
      walk(t.id, lock);
      previous = t;
    }
  };
  walk('0', undefined);
  return locks;
}

/** Topics by parent, in the order given (the course's order). */
function childrenOf(topics: StudyTopic[]): Map<string, StudyTopic[]> {
  const map = new Map<string, StudyTopic[]>();
  for (const t of topics) map.set(t.parentId, [...(map.get(t.parentId) ?? []), t]);
  return map;
}

/** A courseware's study row as the completion rule reads it. */
export interface StudyFacts {
  watched: number;
  length: number;
  seconds: number;
  /** The student passed a paper of the courseware's topic. */
  paperPassed: boolean;
}

/** The courseware's completion rule applied: opened (any beat), a share watched or read, time spent, the paper passed. */
export function meetsRule(rule: CompletionRule, f: StudyFacts): boolean {
  switch (rule.kind) {
    case 'opened':
      return true;
    case 'share':
      return f.length > 0 && f.watched * 100 >= rule.value * f.length;
    case 'time':
      return f.seconds >= rule.value;
    case 'paper':
      return f.paperPassed;
  }
}

/** Watched share of a courseware, 0–100 whole. */
export function percentOf(watched: number, length: number): number {
  return length > 0 ? Math.min(100, Math.floor((watched * 100) / length)) : 0;
}
