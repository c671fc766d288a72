/**
 * Changes header values in the text of a discussion, touching nothing else: an existing
 * `<!-- Key: value -->` line keeps its key spelling and place and gets the new value; a new key
 * goes after the last header line. Pure: the store writes the result with compare-and-swap.
 */
import type { Text } from '../text/text.js'
import { findHeader } from './headers.js'
import { parseDiscussion } from './parse.js'

/**
 * A header value is one line and cannot end the HTML comment it lives in. It is a `Text`: what
 * goes into a header (a title, a phase or status from a template) came through the door.
 */
export function sanitizeHeaderValue(value: Text): string {
  return value.replace(/\s+/g, ' ').replace(/--+>/g, '—>').trim()
}

/** Header values are `Text` (see `sanitizeHeaderValue`); keys are the engine's own words. */
export type HeaderChanges = Readonly<Record<string, Text>>

export function setHeaderValues(text: string, changes: HeaderChanges): string {
  const parsed = parseDiscussion(text)
  const eol = text.includes('\r\n') ? '\r\n' : '\n'
  const lines = text.split('\n')
  const inserts: string[] = []
  for (const [key, rawValue] of Object.entries(changes)) {
    const value = sanitizeHeaderValue(rawValue)
    const entry = findHeader(parsed.headers, key)
    if (entry) {
      const index = entry.line - 1
      const line = lines[index] ?? ''
      const ending = line.endsWith('\r') ? '\r' : ''
      lines[index] = `<!-- ${entry.key}: ${value} -->${ending}`
    } else {
      inserts.push(`<!-- ${key}: ${value} -->${eol === '\r\n' ? '\r' : ''}`)
    }
  }
  if (inserts.length > 0) {
    const lastHeader = parsed.headers[parsed.headers.length - 1]
    lines.splice(lastHeader ? lastHeader.line : 0, 0, ...inserts)
  }
  return lines.join('\n')
}
