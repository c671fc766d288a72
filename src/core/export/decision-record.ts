/**
 * The decision a discussion reached, built once from the parsed file and rendered by every ADR
 * flavour (madr, adr-tools, log4brains) and the HTML page. Everything comes from the parser's
 * model (comments, markers, the votes that count), never from re-reading lines, so the rules of
 * which lines count from whom are the parser's and the voting code's alone.
 *
 * - status: accepted when the template's consensus was reached (a READY consensus in a phase that
 *   votes, or the status the template gives on consensus), rejected on a REJECT outcome, else
 *   proposed; a debate by its outcome; a council never votes, so it proposes.
 * - decision makers: the humans who voted; consulted: the personas (and models) that answered.
 * - options: a debate's proposals, else the DECISION: lines, else the decision (the title) alone.
 * - consequences: good from the decisions, bad from the concerns; confirmation: TODO and
 *   ASSIGNED items (DONE ones apart); dissent: who voted otherwise and why.
 */
import { describeCouncil } from '../council/describe.js'
import { currentPhase, describeDiscussion } from '../discussion/describe.js'
import type { DiscussionView, ItemView } from '../discussion/describe.js'
import { discussionBody } from '../discussion/body.js'
import type { ParsedDiscussion } from '../format/model.js'
import type { Template } from '../templates/schema.js'
import type { ConsensusConfig } from '../voting/consensus.js'
import { contextOf, peopleOf } from './decision-context.js'
import { debateDecision } from './decision-debate.js'
import { discussionDecision } from './decision-votes.js'
import { shortLine } from './markdown-text.js'

export type DecisionStatus = 'accepted' | 'rejected' | 'proposed'
export type DecisionKind = 'discussion' | 'debate' | 'council'

export interface DecisionItem {
  text: string
  author: string
  /** Line in the discussion file (1-based); null for what has no line of its own. */
  line: number | null
}

export interface ConsideredOption {
  /** One line. */
  title: string
  /** The option in full when the title had to be cut, or a proposal's text; null: none. */
  detail: string | null
  author: string | null
  line: number | null
}

export interface Dissent {
  name: string
  /** What they voted instead: `CHANGES`, `REJECT`, `approved P1, P3`. */
  position: string
  /** One line: their concern, or the first sentence of their comment. */
  reason: string
}

/** The decision as the part that differs between discussions and debates decides it. */
export interface DecisionOutcome {
  status: DecisionStatus
  /** Why, in the verdict's words: "Consensus reached: 3 of 3 READY." */
  verdict: string
  options: ConsideredOption[]
  chosen: ConsideredOption
  /** The justification after `because`, one line, without a final full stop. */
  because: string
  /** The vote, one line each. */
  tally: string[]
  /** Bad consequences of the chosen option beyond the concerns (a debate's standing critiques). */
  bad: DecisionItem[]
  dissent: Dissent[]
  /** Humans who took the decision beyond those who voted (a debate's human decider). */
  deciders: string[]
}

export interface DecisionRecord extends Omit<DecisionOutcome, 'bad' | 'deciders'> {
  kind: DecisionKind
  /** The discussion's title without an `ADR:` prefix; one line. */
  title: string
  template: string | null
  /** YYYY-MM-DD, as given. */
  date: string
  decisionMakers: string[]
  consulted: string[]
  /** Markdown: the problem and its context, as the discussion states it. */
  context: string
  consequences: { good: DecisionItem[]; bad: DecisionItem[] }
  confirmation: { open: DecisionItem[]; done: DecisionItem[] }
  openQuestions: DecisionItem[]
  /** Where the discussion is, as a link from the record (relative path or URL). */
  source: string
  tags: string[]
}

export interface DecisionInput {
  parsed: ParsedDiscussion
  /** The discussion's template; null when it names none or it could not be loaded. */
  template: Template | null
  consensus: Partial<ConsensusConfig>
  /** YYYY-MM-DD. */
  date: string
  /** The link from the record to the discussion. */
  source: string
}

const ADR_PREFIX = /^\s*(?:ADR|Debate|Council)\s*[:\-–—]\s*/i

/** The title a record carries: one line, without the `ADR:` its discussion may start with. */
export function decisionTitle(title: string | null): string {
  const line = shortLine((title ?? '').replace(ADR_PREFIX, ''), 200)
  return line === '' ? 'Untitled decision' : line
}

const item = ({ text, author, line }: ItemView): DecisionItem => ({ text, author, line })

/**
 * A council advises and never votes: without DECISION: lines, its decision is the referee's
 * recommendation (the synthesis), still only proposed.
 */
function withCouncilSynthesis(
  parsed: ParsedDiscussion,
  outcome: DecisionOutcome,
  source: string,
): DecisionOutcome {
  if (outcome.options.some((option) => option.line !== null)) return outcome
  let synthesis: ReturnType<typeof describeCouncil>['synthesis']
  try {
    synthesis = describeCouncil(parsed, source).synthesis
  } catch {
    return outcome // settings it cannot read: the decision stays the question
  }
  if (!synthesis) return outcome
  const first = synthesis.text.split(/\n\s*\n/).find((part) => part.trim() !== '') ?? ''
  const chosen: ConsideredOption = {
    title: shortLine(first.replace(/\*\*|__/g, ''), 120),
    detail: synthesis.text,
    author: synthesis.author,
    line: synthesis.line,
  }
  return {
    ...outcome,
    options: [chosen],
    chosen,
    because: `${synthesis.author} recommends it in the council's synthesis; a council advises and does not vote`,
    verdict: `Recommended by ${synthesis.author}; a council advises and does not vote.`,
  }
}

function kindOf(view: DiscussionView): DecisionKind {
  const template = (view.template ?? '').toLowerCase()
  return template === 'debate' || template === 'council' ? template : 'discussion'
}

export function buildDecisionRecord(input: DecisionInput): DecisionRecord {
  const { parsed } = input
  const view = describeDiscussion(parsed)
  const kind = kindOf(view)
  const title = decisionTitle(view.title)
  const voted =
    kind === 'debate'
      ? debateDecision(parsed, title)
      : discussionDecision(view, input.template, input.consensus, title, currentPhase(parsed))
  const outcome = kind === 'council' ? withCouncilSynthesis(parsed, voted, input.source) : voted
  const people = peopleOf(parsed, view)
  const deciders = [...people.decisionMakers]
  for (const name of outcome.deciders) if (!deciders.includes(name)) deciders.push(name)
  return {
    kind,
    title,
    template: view.template,
    date: input.date,
    status: outcome.status,
    verdict: outcome.verdict,
    options: outcome.options,
    chosen: outcome.chosen,
    because: outcome.because,
    tally: outcome.tally,
    dissent: outcome.dissent,
    decisionMakers: deciders,
    consulted: people.consulted,
    context: contextOf(discussionBody(parsed, view.title), kind),
    consequences: {
      good: view.decisions.map(item),
      bad: [...view.concerns.map(item), ...outcome.bad],
    },
    confirmation: {
      open: [...view.todos, ...view.assigned].sort((a, b) => a.line - b.line).map(item),
      done: view.done.map(item),
    },
    openQuestions: view.questions.map(item),
    source: input.source,
    tags: view.template ? [view.template.toLowerCase()] : [],
  }
}
