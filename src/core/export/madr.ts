/**
 * A decision as MADR 4.0.0 writes it: front matter (`status`, `date`, `decision-makers`,
 * `consulted`), then `# Title`, `## Context and Problem Statement`, `## Considered Options`,
 * `## Decision Outcome` with `Chosen option: "…", because …`, `### Consequences`,
 * `### Confirmation` and `## More Information`, in the order of MADR's own template.
 * Front matter values are JSON strings, which YAML reads as they are, so no name can add a key.
 */
import {
  becauseLine,
  chosenSentence,
  contextBlock,
  dissentLines,
  itemLine,
  joinSections,
  list,
  sourceLink,
} from './adr-parts.js'
import type { Bullet } from './adr-parts.js'
import type { DecisionRecord } from './decision-record.js'
import { embedBlock, oneLine } from './markdown-text.js'

const yamlList = (names: readonly string[]): string =>
  `[${names.map((name) => JSON.stringify(oneLine(name))).join(', ')}]`

function frontMatter(record: DecisionRecord): string[] {
  return [
    '---',
    `status: ${record.status}`,
    `date: ${record.date}`,
    ...(record.decisionMakers.length > 0
      ? [`decision-makers: ${yamlList(record.decisionMakers)}`]
      : []),
    ...(record.consulted.length > 0 ? [`consulted: ${yamlList(record.consulted)}`] : []),
    '---',
  ]
}

export function renderMadr(record: DecisionRecord): string {
  const bullet: Bullet = '*'
  const consequences = [
    ...record.consequences.good.map((item) => `Good, because ${becauseLine(item)}`),
    ...record.consequences.bad.map((item) => `Bad, because ${becauseLine(item)}`),
  ]
  const confirmation = [
    ...record.confirmation.open.map((item) => `[ ] ${itemLine(item)}`),
    ...record.confirmation.done.map((item) => `[x] ${itemLine(item)}`),
  ]
  const dissent = dissentLines(record)
  const questions = record.openQuestions.map(itemLine)
  const chosenDetail = record.chosen.detail ? embedBlock(record.chosen.detail, 3, bullet) : ''
  return joinSections([
    frontMatter(record),
    `# ${oneLine(record.title)}`,
    '## Context and Problem Statement',
    contextBlock(record, bullet),
    '## Considered Options',
    list(
      bullet,
      record.options.map((option) => oneLine(option.title)),
    ),
    '## Decision Outcome',
    chosenSentence(record),
    chosenDetail,
    ...(record.tally.length > 0 ? ['The vote:', list(bullet, record.tally)] : []),
    '### Consequences',
    consequences.length > 0
      ? list(bullet, consequences)
      : 'The discussion records no DECISION: or CONCERN: lines to draw consequences from.',
    ...(confirmation.length > 0 ? ['### Confirmation', list(bullet, confirmation)] : []),
    '## More Information',
    oneLine(record.verdict),
    ...(dissent.length > 0 ? ['Dissent:', list(bullet, dissent)] : []),
    ...(questions.length > 0 ? ['Open questions:', list(bullet, questions)] : []),
    `Discussion: ${sourceLink(record)}`,
  ])
}
