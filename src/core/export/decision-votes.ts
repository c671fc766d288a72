/**
 * The decision of a phase-and-vote discussion (or a council, which never votes): the options are
 * its DECISION: lines, the latest one is the choice, and the votes that count in the current
 * phase say whether it was accepted, rejected or is still proposed.
 */
import type { DiscussionView } from '../discussion/describe.js'
import { discussionStatus } from '../discussion/status.js'
import type { Vote } from '../format/model.js'
import type { Template } from '../templates/schema.js'
import type { ConsensusConfig } from '../voting/consensus.js'
import { isHumanName } from '../voting/consensus.js'
import type {
  ConsideredOption,
  DecisionOutcome,
  DecisionStatus,
  Dissent,
} from './decision-record.js'
import { oneLine, shortLine } from './markdown-text.js'
import { phaseVerdict } from './phase-verdict.js'

const TITLE_LENGTH = 120

/** The DECISION: lines as options, each text once (the latest line saying it wins its place). */
function decisionOptions(view: DiscussionView): ConsideredOption[] {
  const byText = new Map<string, ConsideredOption>()
  for (const { text, author, line } of view.decisions) {
    const key = oneLine(text).toLowerCase()
    if (key === '') continue
    byText.delete(key)
    const title = shortLine(text, TITLE_LENGTH)
    byText.set(key, { title, detail: title === oneLine(text) ? null : text, author, line })
  }
  return [...byText.values()]
}

/** The status the template gives a discussion on consensus, if the file's header carries it. */
function recordedConsensus(view: DiscussionView, template: Template | null): string | null {
  const status = view.status?.trim().toUpperCase()
  if (!template || !status) return null
  const phase = template.phases.find((p) => p.on_consensus?.trim().toUpperCase() === status)
  return phase ? phase.title : null
}

const listed = (names: readonly string[]): string => names.join(', ')

export function discussionDecision(
  view: DiscussionView,
  template: Template | null,
  consensus: Partial<ConsensusConfig>,
  title: string,
  phaseId: string | null,
): DecisionOutcome {
  const verdict = phaseVerdict(view, template, consensus)
  const { result, phaseVotes } = verdict
  const phaseName = verdict.phase?.title ?? phaseId ?? 'current'
  const found = decisionOptions(view)
  const options = found.length > 0 ? found : [{ title, detail: null, author: null, line: null }]
  const chosen = options[options.length - 1] ?? { title, detail: null, author: null, line: null }
  const humansReady = Object.entries(view.votes)
    .filter(([name, vote]) => vote === 'READY' && isHumanName(name))
    .map(([name]) => name)

  let status: DecisionStatus = 'proposed'
  let because: string
  let words = verdict.words
  const templatePhase = recordedConsensus(view, template)
  if (phaseVotes && result.reached && result.outcome === 'READY') {
    status = 'accepted'
    const approved = humansReady.length > 0 ? `, approved by ${listed(humansReady)}` : ''
    because = `the discussion reached consensus in its ${phaseName} phase (${result.counts.READY} of ${result.total} READY${approved})`
  } else if (phaseVotes && result.reached) {
    status = 'rejected'
    because = `the vote in its ${phaseName} phase rejected it (${result.counts.REJECT} of ${result.total} REJECT)`
  } else if (templatePhase) {
    status = 'accepted'
    words = `Consensus reached in ${templatePhase}: the discussion's status is ${view.status ?? ''}.`
    because = `the discussion reached consensus in its ${templatePhase} phase (status ${view.status ?? ''})`
  } else {
    because = `it is the latest decision proposed, and the vote has not decided it yet (${words.replace(/\.$/, '').replace(/^./, (c) => c.toLowerCase())})`
  }

  const state = discussionStatus(view, consensus, { phaseVotes, phase: phaseName })
  const { counts } = result
  const tally =
    result.total === 0
      ? []
      : [
          `Votes in ${phaseName}: READY ${counts.READY}, CHANGES ${counts.CHANGES}, REJECT ${counts.REJECT}.`,
          ...state.participants.map(
            (p) => `${p.name}: ${p.vote ?? '-'}${p.reason ? ` (${oneLine(p.reason)})` : ''}`,
          ),
        ]
  const expected: Vote = status === 'rejected' ? 'REJECT' : 'READY'
  const dissent: Dissent[] = state.participants
    .filter((p) => p.vote !== null && p.vote !== expected)
    .map((p) => {
      const concern = view.concerns.filter((c) => c.author === p.name).at(-1)?.text
      return {
        name: p.name,
        position: p.vote ?? '',
        reason: shortLine(concern ?? p.reason, 200),
      }
    })
  return {
    status,
    verdict: words,
    options,
    chosen,
    because,
    tally,
    bad: [],
    dissent,
    deciders: [],
  }
}
