/**
 * Bridge packets: what one D/P group hands the other between rounds. The arbiter writes it as the
 * last section of its assessment (`## Bridge packet` with Shortlist, Assumptions, Risks and Asks),
 * so it costs no extra call (the seed's 4N + 1). An arbiter that forgot the section still sends
 * its shortlist, marked as such, rather than nothing.
 */

export interface BridgePacket {
  shortlist: string
  assumptions: string
  risks: string
  asks: string
  /** False when the arbiter wrote no bridge section and the packet is its answer, shortened. */
  fromSection: boolean
}

const SECTION = /^#{1,6}\s*bridge packet\b.*$/im
type Field = 'shortlist' | 'assumptions' | 'risks' | 'asks'
/** Enough of an answer to carry its shortlist without sending the whole assessment across. */
const FALLBACK_CHARS = 1500

/**
 * A part's opening line: `Risks:`, `**Risks:** text`, `- Risks: text` or a `### Risks` heading.
 * A bullet that merely starts with the word (`- Risks of adoption`) is content, not a new part.
 */
const FIELD_LINE =
  /^(?:#{1,6}\s*(shortlist|assumptions|risks|asks)\b[\s:*]*|(?:[-*]\s+)?\**(shortlist|assumptions|risks|asks)\**\s*:\s*\**\s*)(.*)$/i

function fieldOf(line: string): { field: Field; rest: string } | null {
  const match = FIELD_LINE.exec(line.trim())
  const field = match?.[1] ?? match?.[2]
  return field ? { field: field.toLowerCase() as Field, rest: (match?.[3] ?? '').trim() } : null
}

export function parseBridgePacket(answer: string): BridgePacket {
  const start = SECTION.exec(answer)
  if (!start) {
    const shortlist =
      answer.length > FALLBACK_CHARS ? `${answer.slice(0, FALLBACK_CHARS).trimEnd()} …` : answer
    return { shortlist: shortlist.trim(), assumptions: '', risks: '', asks: '', fromSection: false }
  }
  const section = answer.slice(start.index + start[0].length)
  const packet: Record<Field, string[]> = {
    shortlist: [],
    assumptions: [],
    risks: [],
    asks: [],
  }
  let current: Field = 'shortlist'
  for (const line of section.split('\n')) {
    const found = fieldOf(line)
    if (found) {
      current = found.field
      if (found.rest) packet[current].push(found.rest)
      continue
    }
    packet[current].push(line)
  }
  const text = (lines: string[]): string => lines.join('\n').trim()
  return {
    shortlist: text(packet.shortlist),
    assumptions: text(packet.assumptions),
    risks: text(packet.risks),
    asks: text(packet.asks),
    fromSection: true,
  }
}

/** The packet as the other group reads it. */
export function renderBridgePacket(packet: BridgePacket, from: string): string {
  const none = '_(none given)_'
  if (!packet.fromSection)
    return `Group ${from} wrote no bridge packet; its shortlist as written:\n\n${packet.shortlist}`
  return [
    `**Shortlist** (group ${from})`,
    packet.shortlist || none,
    '',
    '**Assumptions**',
    packet.assumptions || none,
    '',
    '**Risks**',
    packet.risks || none,
    '',
    '**Asks** (questions for your group)',
    packet.asks || none,
  ].join('\n')
}
