import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA: the level the product promises (issue 26 §3). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Finding {
  page: string;
  id: string;
  impact: string;
  targets: string[];
  help: string;
}

/**
 * Runs axe-core on what `page` shows now and answers its critical and serious violations, one per rule, each with
 * the elements it found (printed too, so a failure names what to fix). Minor and moderate ones are not counted.
 */
export async function axeFindings(page: Page, name: string): Promise<Finding[]> {
  // Legacy mode: axe runs in the page itself. Otherwise it finishes in a second tab it opens, which leaves the page
  // in the background, where Chromium throttles its timers and the next page renders late or not at all.
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode(true).analyze();
  const findings = violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => ({
      page: name,
      id: v.id,
      impact: v.impact ?? '',
      targets: v.nodes.map((n) => n.target.join(' ')),
      help: v.help,
    }));
  for (const f of findings) {
    console.log(`[axe] ${name}: ${f.impact} ${f.id} (${f.targets.length}) — ${f.help}\n  ${f.targets.join('\n  ')}`);
  }
  return findings;
}
