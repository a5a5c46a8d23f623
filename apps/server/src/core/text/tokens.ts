/**
 * Search tokens for Chinese and Western text without a database extension (PGlite has neither pg_trgm's CJK
 * support nor pg_bigm): a text is stored as its Latin words and digits (lower case), its CJK characters and each
 * pair of neighbouring CJK characters. A query matches when the stored tokens contain all of the query's tokens
 * (`@>` on a GIN index): pairs for CJK runs (a lone character when the run is one character), words for the rest.
 * Pairs keep the index selective; "机械制图" finds "机械制图基础" but not a text that merely has 机, 械, 制 and 图.
 */
const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
// A Latin run stops where CJK starts ("公差abc" is 公差 + abc): CJK characters are letters too.
const RUNS =
  /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+|(?:(?![\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])[\p{L}\p{N}])+/gu;
/** Tokens kept per text: a long stem is still found by what it starts with, and the row stays small. */
const MAX_TOKENS = 2000;

/** Markup and entities are not words; inline tags (`<strong>`) do not split one, block tags do. */
function plain(text: string): string {
  return text
    .replace(/<\/?(p|br|div|li|td|th|tr|h[1-6])\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .normalize('NFKC')
    .toLowerCase();
}

function runs(text: string): string[] {
  return plain(text).match(RUNS) ?? [];
}

/** What a stored text is indexed by. */
export function searchTokens(...texts: string[]): string[] {
  const tokens = new Set<string>();
  for (const run of texts.flatMap(runs)) {
    if (!CJK.test(run)) {
      tokens.add(run.slice(0, 50));
      continue;
    }
    const chars = [...run];
    chars.forEach((c, i) => {
      tokens.add(c);
      if (i + 1 < chars.length) tokens.add(c + chars[i + 1]);
    });
    if (tokens.size >= MAX_TOKENS) break;
  }
  return [...tokens].slice(0, MAX_TOKENS);
}

/** What a query must find among a row's tokens. */
export function queryTokens(query: string): string[] {
  const tokens = new Set<string>();
  for (const run of runs(query)) {
    if (!CJK.test(run)) {
      tokens.add(run.slice(0, 50));
      continue;
    }
    const chars = [...run];
    if (chars.length === 1) tokens.add(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) tokens.add(chars[i]! + chars[i + 1]);
  }
  return [...tokens].slice(0, 50);
}
