import type { CourseTopicNode } from '@shixun/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TopicNav } from './TopicNav.tsx';
import { firstTopic } from './topics.ts';

const node = (id: string, name: string, extra: Partial<CourseTopicNode> = {}): CourseTopicNode => ({
  id,
  parentId: '0',
  key: id,
  value: id,
  title: name,
  name,
  sort: 1,
  locked: 0,
  flagIds: [],
  hasChildren: false,
  coursewareCount: 1,
  paperCount: 0,
  percent: 0,
  completed: false,
  ...extra,
});

// The demo course's shape: a chapter with a finished section and an open one, a second chapter closed until the
// first is complete, a third opening on a date.
const tree = [
  node('1', '第一章', {
    coursewareCount: 0,
    percent: 50,
    children: [
      node('11', '1.1 投影法', { parentId: '1', percent: 100, completed: true }),
      node('12', '1.2 三视图', { parentId: '1', percent: 0 }),
    ],
  }),
  node('2', '第二章', { locked: 1, lockReason: 'previous', previousName: '第一章' }),
  node('3', '第三章', { lockReason: 'release', releaseAt: '2026-12-01T08:00:00.000Z' }),
];

describe('TopicNav', () => {
  it('shows closed topics greyed with why, focusable and described by it, and never opens them', () => {
    const onSelect = vi.fn();
    render(<TopicNav nodes={tree} selectedId="12" onSelect={onSelect} />);
    const second = screen.getByRole('button', { name: /第二章/ });
    expect(second).toHaveAttribute('aria-disabled', 'true');
    expect(second).toHaveAccessibleDescription('完成上一个知识点后开放');
    second.focus();
    expect(second).toHaveFocus();
    fireEvent.click(second);
    const third = screen.getByRole('button', { name: /第三章/ });
    expect(third.textContent).toMatch(/将于 2026-12-01 \d\d:00 开放/);
    fireEvent.click(third);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('shows each open topic’s progress, marks the open one, and opens a topic on click', () => {
    const onSelect = vi.fn();
    render(<TopicNav nodes={tree} selectedId="12" onSelect={onSelect} />);
    expect(screen.getByRole('button', { name: /1\.1 投影法/ })).toHaveTextContent('已完成');
    expect(screen.getByRole('button', { name: /第一章/ })).toHaveTextContent('已完成 50%');
    expect(screen.getByRole('button', { name: /1\.2 三视图/ })).toHaveAttribute('aria-current', 'true');
    fireEvent.click(screen.getByRole('button', { name: /1\.1 投影法/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: '11' }));
  });

  it('opens, without a topic named, the first open topic not yet complete', () => {
    expect(firstTopic(tree)?.id).toBe('12');
    expect(firstTopic([tree[1]!, tree[2]!])).toBeUndefined();
  });
});
