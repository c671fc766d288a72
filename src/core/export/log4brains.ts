/**
 * A decision as log4brains reads it: `# Title`, then its metadata as bullets under the title
 * (`- Status:`, `- Deciders:`, `- Date:`, `- Tags:`), no front matter, then the MADR-2 sections
 * log4brains' own template has (`## Context and Problem Statement`, `## Considered Options`,
 * `## Decision Outcome`, `### Positive Consequences`, `### Negative Consequences`, `## Links`).
 * Deciders are a comma-separated list and tags are separated by spaces or commas, so neither may
 * hold a comma of its own.
 */
import {
  chosenSentence,
  contextBlock,
  dissentLines,
  itemLine,
  joinSections,
  list,
  sourceLink,
} from './adr-parts.js'
import type { Bullet } from './adr-parts.js'
import { slugOf } from './adr-names.js'
import type { DecisionRecord } from './decision-record.js'
import { embedBlock, oneLine } from './markdown-text.js'

const listValue = (names: readonly string[]): string =>
  names.map((name) => oneLine(name.replace(/,/g, ' '))).join(', ')

export function renderLog4brains(record: DecisionRecord): string {
  // log4brains documents its metadata with `-` bullets: the whole record keeps to them.
  const bullet: Bullet = '-'
  const metadata = [
    `Status: ${record.status}`,
    ...(record.decisionMakers.length > 0 ? [`Deciders: ${listValue(record.decisionMakers)}`] : []),
    `Date: ${record.date}`,
    ...(record.tags.length > 0 ? [`Tags: ${record.tags.map(slugOf).join(', ')}`] : []),
  ]
  const followUp = [
    ...record.confirmation.open.map((item) => `[ ] ${itemLine(item)}`),
    ...record.confirmation.done.map((item) => `[x] ${itemLine(item)}`),
  ]
  const dissent = dissentLines(record)
  const questions = record.openQuestions.map(itemLine)
  const consulted = record.consulted.length > 0 ? `Consulted: ${listValue(record.consulted)}.` : ''
  return joinSections([
    `# ${oneLine(record.title)}`,
    list(bullet, metadata),
    '## Context and Problem Statement',
    contextBlock(record, bullet),
    '## Considered Options',
    list(
      bullet,
      record.options.map((option) => oneLine(option.title)),
    ),
    '## Decision Outcome',
    chosenSentence(record),
    record.chosen.detail ? embedBlock(record.chosen.detail, 3, bullet) : '',
    oneLine(record.verdict),
    ...(record.tally.length > 0 ? ['The vote:', list(bullet, record.tally)] : []),
    ...(record.consequences.good.length > 0
      ? ['### Positive Consequences', list(bullet, record.consequences.good.map(itemLine))]
      : []),
    ...(record.consequences.bad.length > 0
      ? ['### Negative Consequences', list(bullet, record.consequences.bad.map(itemLine))]
      : []),
    ...(followUp.length > 0 ? ['### Confirmation', list(bullet, followUp)] : []),
    ...(dissent.length > 0 || questions.length > 0 || consulted
      ? [
          '## More Information',
          consulted,
          ...(dissent.length > 0 ? ['Dissent:', list(bullet, dissent)] : []),
          ...(questions.length > 0 ? ['Open questions:', list(bullet, questions)] : []),
        ]
      : []),
    '## Links',
    list(bullet, [`Discussion: ${sourceLink(record)}`]),
  ])
}
