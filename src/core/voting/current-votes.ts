import { voteCounts } from '../discussion/agent-author.js'
import { headerValue, splitList } from '../format/headers.js'
import type { ParsedDiscussion, Vote } from '../format/model.js'

/**
 * Each participant's latest vote in the current phase: only votes after the last VOTE-RESET or
 * PHASE-TRANSITION count, and a later vote replaces an earlier one. Key order follows first vote.
 * A coding agent's vote counts only where the discussion lists it (see agent-author.ts).
 */
export function currentVotes(parsed: ParsedDiscussion): Record<string, Vote> {
  const epoch = parsed.phaseMarkers.length
  const participants = splitList(headerValue(parsed, 'Participants'))
  const votes = new Map<string, Vote>()
  for (const comment of parsed.comments) {
    if (comment.epoch !== epoch || !comment.vote) continue
    if (!voteCounts(comment.author, participants)) continue
    votes.set(comment.author, comment.vote)
  }
  return Object.fromEntries(votes)
}
