/**
 * The side summary as data: the votes of this phase, the verdict in words, and the open
 * questions, decisions, actions and concerns, as short lines.
 */
import type { DiscussionStatus } from '../../core/discussion/status.js'
import { wrap } from './text.js'

export interface SummarySection {
  title: string
  items: string[]
}

export interface SummaryView {
  votes: { name: string; vote: string }[]
  verdict: string
  sections: SummarySection[]
}

export function summaryView(status: DiscussionStatus): SummaryView {
  const votes = status.participants
    .filter((participant) => participant.vote !== null)
    .map((participant) => ({ name: participant.name, vote: participant.vote ?? '' }))
  const items = (list: readonly { text: string; author: string }[]): string[] =>
    list.map((item) => `${item.text} (${item.author})`)
  return {
    votes,
    verdict: status.consensus.summary,
    sections: [
      { title: 'Open questions', items: items(status.questions) },
      { title: 'Decisions', items: items(status.decisions) },
      { title: 'Actions', items: items(status.todos) },
      { title: 'Concerns', items: items(status.concerns) },
    ],
  }
}

export interface SummaryRow {
  text: string
  bold?: boolean
  /** A vote's row: coloured by it. */
  vote?: string
}

/**
 * The summary as rows of `width` columns: a line of counts first (so what is below the fold is
 * known at once), the votes, the verdict, then each section with its items.
 */
export function summaryRows(summary: SummaryView, width: number): SummaryRow[] {
  const rows: SummaryRow[] = [
    ...wrap(
      summary.sections.map((section) => `${section.title} ${section.items.length}`).join(' · '),
      width,
    ).map((text) => ({ text })),
    { text: 'Votes this phase:', bold: true },
  ]
  if (summary.votes.length === 0) rows.push({ text: '  none yet' })
  for (const { name, vote } of summary.votes) rows.push({ text: `  ${name}: ${vote}`, vote })
  for (const piece of wrap(`Verdict: ${summary.verdict}`, width)) rows.push({ text: piece })
  for (const section of summary.sections) {
    rows.push({ text: `${section.title} (${section.items.length})`, bold: true })
    for (const item of section.items)
      for (const piece of wrap(`• ${item}`, width - 2)) rows.push({ text: `  ${piece}` })
  }
  return rows
}

/**
 * The rows shown in `height` lines from `offset`, with "↑ N more" and "↓ N more" in place of the
 * first and last line when rows are hidden above or below.
 */
export function summaryWindow(
  rows: readonly SummaryRow[],
  offset: number,
  height: number,
): { rows: SummaryRow[]; offset: number } {
  if (rows.length <= height) return { rows: [...rows], offset: 0 }
  const top = Math.max(0, Math.min(offset, rows.length - height))
  const shown = rows.slice(top, top + height)
  if (top > 0) shown[0] = { text: `↑ ${top + 1} more`, bold: true }
  const below = rows.length - (top + height)
  if (below > 0) shown[shown.length - 1] = { text: `↓ ${below + 1} more`, bold: true }
  return { rows: shown, offset: top }
}
