/**
 * A decision as adr-tools writes its records (Nygard's form): line 1 `# N. Title` (what
 * `adr generate toc` and `adr list` read), a `Date:` line, a `## Status` section holding the
 * status word alone (what `adr link` and superseding edit), then `## Context`, `## Decision`
 * and `## Consequences`.
 */
import {
  chosenSentence,
  contextBlock,
  dissentLines,
  itemLine,
  joinSections,
  list,
  sourceLink,
  statusWord,
} from './adr-parts.js'
import type { Bullet } from './adr-parts.js'
import type { DecisionRecord } from './decision-record.js'
import { embedBlock, oneLine } from './markdown-text.js'

export function renderAdrTools(record: DecisionRecord, number: number): string {
  const bullet: Bullet = '-'
  const options = record.options.length > 1 ? record.options.map((o) => oneLine(o.title)) : []
  const consequences = [
    ...record.consequences.good.map((item) => `Good: ${itemLine(item)}`),
    ...record.consequences.bad.map((item) => `Bad: ${itemLine(item)}`),
  ]
  const followUp = [
    ...record.confirmation.open.map((item) => `[ ] ${itemLine(item)}`),
    ...record.confirmation.done.map((item) => `[x] ${itemLine(item)}`),
  ]
  const dissent = dissentLines(record)
  const questions = record.openQuestions.map(itemLine)
  return joinSections([
    `# ${number}. ${oneLine(record.title)}`,
    `Date: ${record.date}`,
    '## Status',
    statusWord(record),
    '## Context',
    contextBlock(record, bullet),
    ...(options.length > 0 ? ['Options considered:', list(bullet, options)] : []),
    '## Decision',
    chosenSentence(record),
    record.chosen.detail ? embedBlock(record.chosen.detail, 3, bullet) : '',
    oneLine(record.verdict),
    ...(record.tally.length > 0 ? ['The vote:', list(bullet, record.tally)] : []),
    '## Consequences',
    consequences.length > 0 ? list(bullet, consequences) : 'None recorded in the discussion.',
    ...(followUp.length > 0 ? ['Follow-up:', list(bullet, followUp)] : []),
    ...(dissent.length > 0 ? ['Dissent:', list(bullet, dissent)] : []),
    ...(questions.length > 0 ? ['Open questions:', list(bullet, questions)] : []),
    `Discussion: ${sourceLink(record)}`,
  ])
}
