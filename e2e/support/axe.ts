import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');

/** What axe finds to fix on the page as it is now: one line per rule, with the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE);
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: { run: () => Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> };
      }
    ).axe;
    const { violations } = await axe.run();
    return violations.map(
      (violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`,
    );
  });
}
