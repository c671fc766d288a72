/**
 * What a `.sum.md` says about itself: when it was made, by which provider, and how many comments
 * the discussion had then, read back from the lines `renderSummary` writes.
 *
 * The file is untrusted (anyone can edit it, and it holds a provider's answer), so each fact is
 * taken only from the place the writer puts it, where the text it holds cannot reach: the end of
 * the `Source:` line (every field before it is one line through the door), and the line two
 * above the last `## Votes` heading (after it come only list items and one engine sentence).
 */

export interface SummaryFacts {
  /** When it was made (ISO 8601), or null when the file does not say. */
  generated: string | null
  /** The provider that wrote the AI summary; null when none answered or the file does not say. */
  provider: string | null
  /** How many comments the discussion had; null for a summary written before this was recorded. */
  comments: number | null
}

const SOURCE_LINE =
  /^Source: .* · Generated: (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)(?: · Comments: (\d+))?$/
const WRITTEN_BY = /^_Written by (.+)\._$/

export function summaryFacts(text: string): SummaryFacts {
  const lines = text.split(/\r?\n/)
  const source = lines.find((line) => line.startsWith('Source: '))?.match(SOURCE_LINE)
  const votes = lines.lastIndexOf('## Votes')
  const written = votes >= 2 ? lines[votes - 2]?.match(WRITTEN_BY) : null
  const provider = written?.[1]
  return {
    generated: source?.[1] ?? null,
    provider: provider === undefined || provider === 'an AI provider' ? null : provider,
    comments: source?.[2] === undefined ? null : Number(source[2]),
  }
}
