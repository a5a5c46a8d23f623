import type { TreeNode } from '@shixun/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './index.ts';
import { localName, localTree } from './local-name.ts';

const node = (id: string, title: string, titleEn: string, children?: TreeNode[]): TreeNode => ({
  id,
  parentId: '0',
  title,
  titleEn,
  key: id,
  value: id,
  hasChildren: Boolean(children),
  ...(children ? { children } : {}),
});

afterEach(() => i18n.changeLanguage('zh'));

describe('localName', () => {
  it('is the Chinese in Chinese; in English the English, or the Chinese where there is none', async () => {
    expect(localName('教师', 'Teacher')).toBe('教师');
    await i18n.changeLanguage('en');
    expect(localName('教师', 'Teacher')).toBe('Teacher');
    expect(localName('图书管理员', '')).toBe('图书管理员');
    expect(localName('图书管理员', undefined)).toBe('图书管理员');
  });

  it('titles a whole picker tree in the UI language', async () => {
    await i18n.changeLanguage('en');
    const tree = localTree([node('1', '系统管理', 'System', [node('2', '角色管理', 'Roles'), node('3', '档案', '')])]);
    expect(tree[0]!.title).toBe('System');
    expect(tree[0]!.children!.map((n) => n.title)).toEqual(['Roles', '档案']);
  });
});
