/**
 * Accessibility of a screen with axe-core: the serious and critical violations, in a form a
 * failing test can print and a report can keep.
 */
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from '@playwright/test'

export interface AxeFinding {
  rule: string
  impact: string
  help: string
  /** Where: the first few offending elements' selectors. */
  targets: string[]
}

/** Runs axe on the page (or within `include`) and returns every violation with its impact. */
export async function axeFindings(page: Page, include?: string): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page })
  if (include) builder = builder.include(include)
  const { violations } = await builder.analyze()
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    targets: violation.nodes.slice(0, 4).map((node) => node.target.join(' ')),
  }))
}

/** The findings that fail a screen: serious or critical. */
export const blocking = (findings: AxeFinding[]): AxeFinding[] =>
  findings.filter((finding) => finding.impact === 'serious' || finding.impact === 'critical')
