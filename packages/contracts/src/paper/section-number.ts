/** 1 → 一, 12 → 十二, 35 → 三十五, 105 → 一百零五: section numbers (the question import takes any run of these). */
export function chineseNumeral(n: number): string {
  const digits = '零一二三四五六七八九';
  if (n < 10) return digits[n]!;
  if (n < 20) return `十${n % 10 ? digits[n % 10] : ''}`;
  if (n < 100) return `${digits[Math.floor(n / 10)]}十${n % 10 ? digits[n % 10] : ''}`;
  const [unit, size] = n < 1000 ? ['百', 100] : ['千', 1000];
  const rest = n % size;
  const tail = rest === 0 ? '' : rest < size / 10 ? `零${chineseNumeral(rest)}` : chineseNumeral(rest);
  return `${digits[Math.floor(n / size) % 10]}${unit}${tail.replace(/^十/, '一十')}`;
}

/** 1 → I, 4 → IV, 14 → XIV: English section numbers. */
export function romanNumeral(n: number): string {
  const marks: [number, string][] = [
    [1000, 'M'],
    [900, 'CM'],
    [500, 'D'],
    [400, 'CD'],
    [100, 'C'],
    [90, 'XC'],
    [50, 'L'],
    [40, 'XL'],
    [10, 'X'],
    [9, 'IX'],
    [5, 'V'],
    [4, 'IV'],
    [1, 'I'],
  ];
  let rest = Math.max(1, Math.floor(n));
  let out = '';
  for (const [value, mark] of marks) {
    while (rest >= value) {
      out += mark;
      rest -= value;
    }
  }
  return out;
}

/** A section name the teacher numbered already (一、单选题 · 1. … · (2) … · Part 2: … · II. …) gets no number. */
const NUMBERED =
  /^\s*(?:[一二三四五六七八九十百零]+\s*[、.．]|\d+\s*[、.．)）]|[(（]\d+[)）]|part\s+\w+\b|[IVXLC]+\.\s)/i;

/**
 * A section's number in front of its name, as the preview and the Word download write it: 一、 (zh) or I. (en) at
 * the top, 1. 2. below, (1) deeper; nothing when the name carries its own.
 */
export function sectionNumber(name: string, n: number, depth: number, locale: 'zh' | 'en'): string {
  if (NUMBERED.test(name)) return '';
  if (depth === 0) return locale === 'en' ? `${romanNumeral(n)}. ` : `${chineseNumeral(n)}、`;
  return depth === 1 ? `${n}. ` : locale === 'en' ? `(${n}) ` : `（${n}）`;
}
