import { describe, expect, it } from 'vitest';
import { accepts, problemOf } from './checks.ts';

const pdf = { name: '实训报告.PDF', type: 'application/pdf', size: 2048 };
const photo = { name: 'IMG_0001.jpg', type: 'image/jpeg', size: 4096 };

describe('checks before an upload', () => {
  it('reads an accept list as the browser does: extensions, types and families', () => {
    expect(accepts(pdf, '.pdf,.docx')).toBe(true);
    expect(accepts(pdf, 'application/pdf')).toBe(true);
    expect(accepts(photo, 'image/*')).toBe(true);
    expect(accepts(photo, '.pdf, application/pdf')).toBe(false);
    expect(accepts(photo, '')).toBe(true);
  });

  it('names the first problem: empty, then kind, then size', () => {
    expect(problemOf({ ...pdf, size: 0 }, { accept: '.png' })).toBe('empty');
    expect(problemOf(pdf, { accept: '.png', maxSize: 1 })).toBe('type');
    expect(problemOf(pdf, { accept: '.pdf', maxSize: 1024 })).toBe('size');
    expect(problemOf(pdf, { accept: '.pdf', maxSize: 2048 })).toBeNull();
    expect(problemOf(pdf, {})).toBeNull();
  });
});
