import type { AnswerValue } from '@shixun/contracts';
import { type RefObject, useEffect } from 'react';
import type { Phase } from './ExamPage.tsx';
import type { JournalEntry } from './journal.ts';
import { optionForKey, pickOption, type TopQuestion } from './paper.ts';
import type { Layout } from './useLayout.ts';

interface Keys {
  layout: Layout;
  tops: TopQuestion[];
  /** The top-level question on screen. */
  current: number;
  go: (index: number) => void;
  /** Answers cannot change (handing in, not ready, saving stopped). */
  disabled: boolean;
  entries: ReadonlyMap<string, JournalEntry>;
  onAnswer: (questionId: string, value: AnswerValue) => void;
  phaseRef: RefObject<Phase>;
}

/**
 * ←/→ move, 1–8 or A–H pick an option (one per screen). Never while typing, and a focused radio's own arrow keys
 * are taken over, so an arrow never changes an answer by surprise.
 */
export function useExamKeys({ layout, tops, current, go, disabled, entries, onAnswer, phaseRef }: Keys): void {
  useEffect(() => {
    if (layout !== 'one') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.isComposing || phaseRef.current !== 'taking') return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('.ant-modal, .ant-drawer')) return;
      const typing =
        target instanceof HTMLTextAreaElement ||
        (target instanceof HTMLInputElement && target.type !== 'radio' && target.type !== 'checkbox') ||
        target?.isContentEditable;
      if (typing) return;
      if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
        e.preventDefault();
        go(current + (e.key === 'ArrowRight' ? 1 : -1));
        return;
      }
      const question = tops[current]?.question;
      if (!question || disabled || e.shiftKey) return;
      const option = optionForKey(question, e.key);
      if (!option) return;
      e.preventDefault();
      onAnswer(question.id, pickOption(question, entries.get(question.id)?.answer, option));
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [layout, current, tops, go, disabled, onAnswer, entries, phaseRef]);
}
