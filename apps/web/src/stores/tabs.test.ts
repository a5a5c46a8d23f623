import { beforeEach, describe, expect, it } from 'vitest';
import { useTabs } from './tabs.ts';

const values = () => useTabs.getState().tabs.map((t) => t.value);
const open = (value: string) => useTabs.getState().open({ value, label: value });

beforeEach(() => useTabs.getState().closeAll());

describe('tabs store', () => {
  it('starts with home alone, and home cannot be closed', () => {
    expect(values()).toEqual(['/wel/index']);
    expect(useTabs.getState().tabs[0]!.close).toBe(false);
    expect(useTabs.getState().close('/wel/index')).toBeUndefined();
    expect(values()).toEqual(['/wel/index']);
  });

  it('adds opened pages once, in order, keeping home first; opening home only activates it', () => {
    open('/a');
    open('/b');
    open('/a');
    useTabs.getState().open({ value: '/wel/index', label: 'x' });
    expect(values()).toEqual(['/wel/index', '/a', '/b']);
    expect(useTabs.getState().active).toBe('/wel/index');
    expect(useTabs.getState().tabs[0]!.label).toBe('首页');
  });

  it('updates the label of a page opened again (e.g. the menu was renamed)', () => {
    useTabs.getState().open({ value: '/a', label: 'old' });
    useTabs.getState().open({ value: '/a', label: 'new', i18n: 'menu.param' });
    expect(useTabs.getState().tabs[1]).toMatchObject({ label: 'new', i18n: 'menu.param', close: true });
  });

  it('closing the active tab opens the previous one', () => {
    open('/a');
    open('/b');
    open('/c');
    open('/b');
    expect(useTabs.getState().close('/b')).toBe('/a');
    expect(values()).toEqual(['/wel/index', '/a', '/c']);
    expect(useTabs.getState().active).toBe('/a');
  });

  it('closing a tab that is not active keeps the active one and returns nothing', () => {
    open('/a');
    open('/b');
    expect(useTabs.getState().close('/a')).toBeUndefined();
    expect(values()).toEqual(['/wel/index', '/b']);
    expect(useTabs.getState().active).toBe('/b');
  });

  it('closing the only page tab falls back to home', () => {
    open('/a');
    expect(useTabs.getState().close('/a')).toBe('/wel/index');
    expect(useTabs.getState().active).toBe('/wel/index');
  });

  it('close others keeps home and the active tab; close all keeps home', () => {
    open('/a');
    open('/b');
    open('/c');
    open('/b');
    useTabs.getState().closeOthers();
    expect(values()).toEqual(['/wel/index', '/b']);
    useTabs.getState().closeAll();
    expect(values()).toEqual(['/wel/index']);
    expect(useTabs.getState().active).toBe('/wel/index');
  });

  it('keeps the query of a page that needs one (the embedded page) and returns to it', () => {
    useTabs.getState().open({ value: '/myiframe/docs', label: '文档', search: '?src=https%3A%2F%2Fdocs.example.edu' });
    open('/a');
    expect(useTabs.getState().close('/a')).toBe('/myiframe/docs?src=https%3A%2F%2Fdocs.example.edu');
    expect(useTabs.getState().activeHref()).toBe('/myiframe/docs?src=https%3A%2F%2Fdocs.example.edu');
  });

  it('is persisted under the shixun- prefix', () => {
    open('/a');
    const stored = JSON.parse(localStorage.getItem('shixun-tabs')!);
    expect(stored.state.tabs.map((t: { value: string }) => t.value)).toEqual(['/wel/index', '/a']);
    expect(stored.state.active).toBe('/a');
  });
});
