import type { OrgNode, OrgNodeType } from '@shixun/contracts';
import { describe, expect, it } from 'vitest';
import { leavesOf, topMost } from './RelaDialog.tsx';

const node = (type: OrgNodeType, id: string, children: OrgNode[] = []): OrgNode => ({
  id,
  parentId: '0',
  title: id,
  key: id,
  value: id,
  hasChildren: children.length > 0,
  type,
  schoolId: 's',
  children,
});

const tree = [
  node('school', 's1', [
    node('grade', 'g1', [node('class', 'c1'), node('class', 'c2')]),
    node('grade', 'g2', [node('class', 'c3')]),
    node('grade', 'empty'),
  ]),
  node('school', 's2'),
];

describe('teacher relations in the checkable tree', () => {
  it('shows a stored school or grade as the leaves it covers', () => {
    expect(leavesOf(tree[0]!)).toEqual(['c1', 'c2', 'c3', 'empty']);
    expect(leavesOf(tree[0]!.children![0]!)).toEqual(['c1', 'c2']);
    expect(leavesOf(tree[1]!)).toEqual(['s2']);
  });

  it('saves the top-most fully ticked nodes: a whole grade or school as one relation', () => {
    expect(topMost(tree, new Set(['c1']))).toEqual(['c1']);
    expect(topMost(tree, new Set(['c1', 'c2', 'c3']))).toEqual(['g1', 'g2']);
    expect(topMost(tree, new Set(['c1', 'c2', 'c3', 'empty', 's2']))).toEqual(['s1', 's2']);
    expect(topMost(tree, new Set())).toEqual([]);
  });
});
