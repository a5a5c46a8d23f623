import { type TypeGuess, typeFromText } from './fields.ts';

/**
 * The lines of a paper that are not questions: section headings (一、选择题：本题共12小题，每小题5分 …), part
 * headings (第一部分), page numbers and the notes before the first question (注意事项).
 */

export interface Section {
  /** 一, 二 …: what an answer key's sections refer to; '' for a heading without one. */
  numeral: string;
  /** The type of its questions, when the heading names one. */
  type?: TypeGuess;
  /** 阅读理解, 完形填空 …: passages, each with the questions that follow it. */
  passage: boolean;
  /** Each question's score (`每小题5分`), said outside brackets; '' when none. */
  score: string;
  /** Each blank's score (`每空2分`), said outside brackets; '' when none. */
  blankScore: string;
}

/** 一 … 十二; Roman numerals in English papers (I. 单项选择, Ⅱ．完形填空). */
const NUMERAL = '[一二三四五六七八九十百千零〇两]+|[ⅠⅡⅢⅣⅤⅥⅦⅧⅨⅩⅪⅫ]+|[IVX]+';
const NUMBERED_HEADING = new RegExp(`^(${NUMERAL})\\s*[、.．]\\s*(.+)$`);
const PART_HEADING = /^第\s*(?:[一二三四五六七八九十]+|[ⅠⅡⅢⅣⅤⅥ]+|[0-9]+)\s*(部分|卷|节|大题)(.*)$/;
const NO_SECTION: Section = { numeral: '', passage: false, score: '', blankScore: '' };

/** Names of sections that are none of the question types, by their last word: 积累与运用, 现代文阅读, 书面表达 … */
const SECTION_END =
  /(?:题|阅读|理解|运用|积累|写作|作文|表达|默写|鉴赏|常识|知识|填空|听力|探究|计算|选择|单选|多选|判断|转换|改错|改写|翻译|对话|交际|学习|导读)$/;
/** Section names that say their questions' type in words the question types are not called by. */
const SECTION_TYPES: Record<string, TypeGuess> = {
  单项选择: 'single',
  多项选择: 'multiple',
  不定项选择: 'multiple',
  判断正误: 'judge',
  解答题: 'short',
  计算题: 'short',
  论述题: 'short',
  作文: 'short',
  写作: 'short',
  书面表达: 'short',
};

/**
 * The section a line starts, if it is a heading: `一、单选题（每题 2 分）`, `二、多选题：本题共4小题，每小题5分`,
 * `五、阅读理解`, `第二部分 阅读`. `listItem`: the line was an item of Word's automatic numbering, so its `一、` is
 * not in the text; a line without it is a heading only when it names a question type (`单项选择题（每小题2分）`).
 * `current`: the section read, which a nameless `第一节（共15小题）` only divides.
 */
export function headingOf(line: string, listItem: boolean, current: Section | undefined): Section | undefined {
  const numbered = NUMBERED_HEADING.exec(line);
  if (numbered) return sectionOf(numbered[2]!, numbered[1]!, false);
  const part = PART_HEADING.exec(line);
  if (part) return sectionOf(part[2]!.trim(), '', false) ?? (part[1] === '节' && current ? current : NO_SECTION);
  if (line.length > 40) return undefined;
  return sectionOf(line, '', !listItem);
}

/** `strict`: only a title that names a type of question or passage counts. */
function sectionOf(title: string, numeral: string, strict: boolean): Section | undefined {
  const name = title.split(/[：:（(，,。．.\s]/)[0]!;
  if (!name || name.length > 10) return undefined;
  const type = SECTION_TYPES[name] ?? typeFromText(name);
  // 现代文阅读, 阅读理解, 完形填空 — but not 阅读短文，回答问题, a passage's own instructions.
  const passage = /阅读|完形/.test(name) && SECTION_END.test(name);
  if (!type && !passage && (strict || !SECTION_END.test(name))) return undefined;
  // `（每题 2 分）` is a remark the layout ignores; the score is read where the heading says it outright.
  const said = title.slice(name.length).replace(/[（(][^）)]*[）)]/g, '');
  return {
    numeral,
    type: passage ? undefined : type,
    passage,
    score: /每小?题\s*([0-9]+(?:\.[0-9])?)\s*分/.exec(said)?.[1] ?? '',
    blankScore: /每空\s*([0-9]+(?:\.[0-9])?)\s*分/.exec(said)?.[1] ?? '',
  };
}

/** A page number a document carried into its text: `- 1 -`, `第1页 共4页`. */
export function isPageMark(line: string): boolean {
  return /^[-—–]\s*[0-9]+\s*[-—–]$|^第\s*[0-9]+\s*页\s*[,，]?\s*(?:共\s*[0-9]+\s*页)?$/.test(line);
}

/** The notes before a paper's questions (注意事项：1．答卷前…), numbered like questions but none. */
export function isNotesTitle(line: string): boolean {
  return /^(?:注意事项|考生须知|温馨提示)\s*[:：]?/.test(line);
}
