/**
 * The body a card shows: the card's badge already says the vote, so the `VOTE:` line that cast
 * it is not shown again. A vote line with a reason keeps the reason ("VOTE: READY - sound plan"
 * shows "sound plan"); lines inside code fences are content and stay as written.
 */
import { mapFences } from '@core/format/fences'
import { matchMarker, normalizeVote } from '@core/format/markers'
import type { Vote } from '@core/format/model'

/** The vote word and the punctuation or markup around it, ahead of any reason. */
const VOTE_HEAD = /^[*_`"'\s]*(?:ready|changes|reject)[*_`"'\s.,;:!)\]—–-]*/i

export function shownBody(body: string, vote: Vote | null): string {
  if (vote === null || !/vote/i.test(body)) return body
  const lines = body.split('\n')
  const { inFence } = mapFences(lines)
  const kept: string[] = []
  lines.forEach((line, index) => {
    const marker = inFence[index] ? null : matchMarker(line)
    if (marker?.kind !== 'vote' || normalizeVote(marker.text) === null) return kept.push(line)
    const reason = marker.text.replace(VOTE_HEAD, '').trim()
    if (reason !== '') kept.push(reason)
    return undefined
  })
  return kept.join('\n').replace(/\n+$/, '')
}
