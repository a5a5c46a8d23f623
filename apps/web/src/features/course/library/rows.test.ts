import { describe, expect, it } from 'vitest';
import { libraryRows, searchField } from './rows.ts';

const page = (records: unknown[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
const audit = { createUser: '1', createTime: '2026-01-01', updateUser: '1', updateTime: '2026-02-01', status: 1 };

describe('library rows', () => {
  it('papers and file jobs by title, with their author; papers say how many questions', () => {
    const [paper] = libraryRows(
      'paper',
      page([{ ...audit, id: 'p', title: '期中', ownerName: '王老师', questionCount: 12 }]),
    );
    expect(paper).toMatchObject({
      id: 'p',
      name: '期中',
      author: '王老师',
      usage: { key: 'paper', values: { count: 12 } },
    });
    const [job] = libraryRows('filejob', page([{ ...audit, id: 'f', title: '作业一', ownerName: '李老师' }]));
    expect(job).toMatchObject({ name: '作业一', author: '李老师' });
    expect(job?.usage).toBeUndefined();
  });

  it('a course says its topics and coursewares; a courseware its users, and its course when it has one', () => {
    const [course] = libraryRows(
      'course',
      page([{ ...audit, id: 'c', name: '制图', ownerName: 'A', topicCount: 3, coursewareCount: 5 }]),
    );
    expect(course?.usage).toEqual({ key: 'course', values: { topics: 3, wares: 5 } });
    const [used, bare] = libraryRows(
      'courseware',
      page([
        { ...audit, id: 'w', name: '视频', usedBy: 2, courseName: '制图' },
        { ...audit, id: 'v', name: '讲义', usedBy: 0, courseName: '' },
      ]),
    );
    expect(used).toMatchObject({ usage: { key: 'courseware', values: { count: 2 } }, courseName: '制图' });
    expect(bare?.usage).toEqual({ key: 'courseware', values: { count: 0 } });
    expect(bare).not.toHaveProperty('courseName');
  });

  it('nothing loaded, no rows; search by the name each list filters on', () => {
    expect(libraryRows('questionLib', undefined)).toEqual([]);
    expect(searchField('paper')).toBe('title');
    expect(searchField('filejob')).toBe('title');
    expect(searchField('course')).toBe('name');
    expect(searchField('questionLib')).toBe('name');
  });
});
