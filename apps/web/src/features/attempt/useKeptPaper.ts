import type { ExamPaper } from '@shixun/contracts';
import { useEffect, useMemo, useState } from 'react';
import { keepImages, loadFormulaFonts, paperAssets, sectionsWithKeptImages } from './preload.ts';

/**
 * Fetches what the paper displays as soon as it opens (pictures kept as blob URLs, KaTeX's fonts), so questions not
 * yet visited still show them offline; answers the paper's sections with the kept pictures in place.
 */
export function useKeptPaper(sections: ExamPaper['sections']): { sections: ExamPaper['sections']; kept: boolean } {
  const [kept, setKept] = useState<{ images: ReadonlyMap<string, string>; done: boolean }>({
    images: new Map(),
    done: false,
  });
  useEffect(() => {
    const { images, formulas } = paperAssets(sections);
    const abort = new AbortController();
    let urls: string[] = [];
    void Promise.all([
      formulas ? loadFormulaFonts() : undefined,
      images.length ? keepImages(images, abort.signal) : new Map<string, string>(),
    ]).then(([, map]) => {
      urls = [...map.values()];
      if (abort.signal.aborted) for (const url of urls) URL.revokeObjectURL(url);
      else setKept({ images: map, done: true });
    });
    return () => {
      abort.abort();
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [sections]);
  const shown = useMemo(() => sectionsWithKeptImages(sections, kept.images), [sections, kept.images]);
  return { sections: shown, kept: kept.done };
}
