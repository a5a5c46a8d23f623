import * as course from '../../../api/course.ts';

/** `POST courseware/quote`: a library courseware put last on a topic of a course the caller may change. */
type WareQuote = (id: string, courseSubId: string) => Promise<unknown>;

/**
 * `courseware/quote` from the course API client when it has it (another part of the course work adds it); until then
 * undefined, and the library shows 引用 on coursewares disabled, saying why.
 */
export const wareQuote: WareQuote | undefined = (course.coursewareApi as { quote?: WareQuote }).quote;
