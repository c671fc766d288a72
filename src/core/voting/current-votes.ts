import type { ParsedDiscussion, Vote } from '../format/model.js'

/**
 * Each participant's latest vote in the current phase: only votes after the last VOTE-RESET or
 * PHASE-TRANSITION count, and a later vote replaces an earlier one. Key order follows first vote.
 */
export function currentVotes(parsed: ParsedDiscussion): Record<string, Vote> {
  const epoch = parsed.phaseMarkers.length
  const votes = new Map<string, Vote>()
  for (const comment of parsed.comments) {
    if (comment.epoch !== epoch || !comment.vote) continue
    votes.set(comment.author, comment.vote)
  }
  return Object.fromEntries(votes)
}
