/**
 * The app's one colour table: what each colour means, so a glance reads the same everywhere.
 * Votes are green, amber and red; information (a notice, a phase that does not vote, a cancel the
 * person chose) is grey; red is kept for failures and refusals; orange asks for attention (a
 * decision waits, something is blocked). Every component takes its colours from here.
 */
import type { Vote } from '@core/format/model'

export const VOTE_COLOURS: Record<Vote, string> = {
  READY: 'green',
  CHANGES: 'yellow',
  REJECT: 'red',
}

/** A notice that reports, not warns: grey. */
export const INFO_COLOUR = 'gray'
/** Something failed or was refused. */
export const FAILURE_COLOUR = 'red'
/** Something waits on the person or is blocked. */
export const ATTENTION_COLOUR = 'orange'
/** Done, agreed, accepted. */
export const SUCCESS_COLOUR = 'green'

/**
 * A discussion's or protocol's status word by meaning: a decision the humans must take
 * (ESCALATED) violet, failed or refused red, done green, waiting or blocked orange, a draft cyan,
 * set aside or cancelled (a choice, not a failure) grey, open work blue.
 */
export function statusColour(status: string | null): string {
  const value = (status ?? '').toUpperCase()
  if (/ESCALAT/.test(value)) return 'violet'
  if (/CANCEL|DEFER|ARCHIV|STALE|ABANDON/.test(value)) return INFO_COLOUR
  if (/REJECT|CLOSED|FAIL/.test(value)) return FAILURE_COLOUR
  if (/READY|DONE|ACCEPT|APPROVED|COMPLETE|DECIDED|CONSENSUS|MERGED/.test(value))
    return SUCCESS_COLOUR
  if (/BLOCK|HOLD|CHANGES|WAIT|PAUSE/.test(value)) return ATTENTION_COLOUR
  if (/DRAFT|PROPOSED|NEW/.test(value)) return 'cyan'
  return 'blue'
}

export interface ConsensusColourInput {
  /** Whether the phase the discussion is in takes votes. */
  phaseVotes: boolean
  reached: boolean
  outcome: 'READY' | 'REJECT' | null
  blocked: boolean
}

/**
 * The consensus notice: grey in a phase that takes no vote (the tally decides nothing, whatever
 * it is); otherwise the vote colours: reached READY green, rejected or blocked red, waiting amber.
 */
export function consensusColour({
  phaseVotes,
  reached,
  outcome,
  blocked,
}: ConsensusColourInput): string {
  if (!phaseVotes) return INFO_COLOUR
  if (reached) return outcome === 'REJECT' ? VOTE_COLOURS.REJECT : VOTE_COLOURS.READY
  return blocked ? VOTE_COLOURS.REJECT : VOTE_COLOURS.CHANGES
}
