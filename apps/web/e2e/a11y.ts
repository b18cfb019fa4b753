import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/**
 * Puts axe-core in the page, once transitions (a dialog fading in) have ended: colours are judged
 * as they settle. Evaluated through the DevTools protocol, so the app's CSP (no inline scripts)
 * stays as it is.
 */
export async function loadAxe(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), null, {
      timeout: 2000,
    })
    .catch(() => undefined);
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(`${AXE_SOURCE}\n;void 0`);
}

/**
 * Runs axe-core in the page (WCAG 2.1 A and AA rules plus best practices, or only the rules
 * named) and returns the serious and critical violations, each with the selectors of the
 * elements at fault.
 */
export async function seriousViolations(page: Page, rules?: string[]): Promise<AxeViolation[]> {
  await loadAxe(page);
  const violations = await page.evaluate(async (rules) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<unknown> } }).axe;
    // Parts below the fold and cards out of view are not rendered until scrolled near (the
    // below-fold and deferred-card styles), and axe
    // cannot judge the colours of what is not painted: render them for the check.
    const belowFold = Array.from(document.querySelectorAll<HTMLElement>('.below-fold, .deferred-card'));
    for (const element of belowFold) element.style.contentVisibility = 'visible';
    const result = (await axe.run(document, {
      runOnly: rules
        ? { type: 'rule', values: rules }
        : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    })) as {
      violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
    };
    for (const element of belowFold) element.style.contentVisibility = '';
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
    }));
  }, rules);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}
