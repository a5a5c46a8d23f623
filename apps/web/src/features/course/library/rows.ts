import type { Course, Courseware, Filejob, Page, Paper, QuestionLib } from '@shixun/contracts';

/** The library's tabs, one per kind of resource that has a public list. */
export const LIBRARY_KINDS = ['course', 'courseware', 'paper', 'filejob', 'questionLib'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];

/** What each kind's list holds. */
export interface LibraryItems {
  course: Course;
  courseware: Courseware;
  paper: Paper;
  filejob: Filejob;
  questionLib: QuestionLib;
}

/** A row of the library's table, whatever its kind: the name, who made it, when it changed, what it holds or serves. */
export interface LibraryRow {
  id: string;
  name: string;
  author: string;
  updateTime: string;
  /** A catalog key under `courseLibrary.usage` and its values; none when the list does not say. */
  usage?: { key: string; values: Record<string, number> };
  /** The course a courseware is on. */
  courseName?: string;
  /** The item itself, for preview and quote. */
  item: LibraryItems[LibraryKind];
}

/**
 * One kind's page as table rows. Papers and file jobs are named by `title`, the rest by `name`; a courseware's
 * usage is `usedBy` (how many courses quoted it), and its author is not in its list.
 */
export function libraryRows(kind: LibraryKind, page: Page<unknown> | undefined): LibraryRow[] {
  return (page?.records ?? []).map((raw): LibraryRow => {
    switch (kind) {
      case 'course': {
        const c = raw as Course;
        return {
          id: c.id,
          name: c.name,
          author: c.ownerName,
          updateTime: c.updateTime,
          usage: { key: 'course', values: { topics: c.topicCount, wares: c.coursewareCount } },
          item: c,
        };
      }
      case 'courseware': {
        const w = raw as Courseware;
        return {
          id: w.id,
          name: w.name,
          author: '',
          updateTime: w.updateTime,
          usage: { key: 'courseware', values: { count: w.usedBy } },
          ...(w.courseName ? { courseName: w.courseName } : {}),
          item: w,
        };
      }
      case 'paper': {
        const p = raw as Paper;
        return {
          id: p.id,
          name: p.title,
          author: p.ownerName,
          updateTime: p.updateTime,
          usage: { key: 'paper', values: { count: p.questionCount } },
          item: p,
        };
      }
      case 'filejob': {
        const f = raw as Filejob;
        return { id: f.id, name: f.title, author: f.ownerName, updateTime: f.updateTime, item: f };
      }
      default: {
        const l = raw as QuestionLib;
        return {
          id: l.id,
          name: l.name,
          author: l.ownerName,
          updateTime: l.updateTime,
          usage: { key: 'questionLib', values: { count: l.questionCount } },
          item: l,
        };
      }
    }
  });
}

/** The search box's filter: papers and file jobs are searched by `title`, the others by `name`. */
export const searchField = (kind: LibraryKind) => (kind === 'paper' || kind === 'filejob' ? 'title' : 'name');
