/**
 * The side summary as data: the votes of this phase, the verdict in words, and the open
 * questions, decisions, actions and concerns, as short lines.
 */
import type { DiscussionStatus } from '../../core/discussion/status.js'

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
