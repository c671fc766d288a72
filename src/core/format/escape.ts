/**
 * How outside text (a `Text`) is written into a discussion so it can only ever be text:
 * - a `---` line (which would end the block) gains one leading space; markdown still reads
 *   ` ---` as the same rule or underline, and our delimiter needs column 0;
 * - a fence opener that is never closed (which would swallow every later block) gains a backslash,
 *   so markdown shows the backticks literally;
 * - a line that reads as one only the engine writes (`engine-lines.ts`) gains a backslash and keeps
 *   it: a debate marker line anywhere, and outside code fences a record line (`<!-- Phase: x -->`)
 *   and, unless the text's author votes in it (a person's own comment), a `VOTE:` line.
 * The first two are undone when the comment is read (`unescapeCommentLine`), and lines that already
 * look escaped gain one more space or backslash, so they are bijective. The third is not undone: a
 * reader sees the backslash, and no reader takes the line for the engine's.
 */
import type { Text } from '../text/text.js'
import { isDebateWordLine, isRecordLine, isVoteLine } from './engine-lines.js'
import { mapFences } from './fences.js'

const HYPHEN_RULE = /^( *)---[ \t]*$/
const ESCAPED_HYPHEN_RULE = /^ +---[ \t]*$/
const BACKSLASHED_FENCE = /^(\s*)(\\+)(`{3,}|~{3,})/
const INDENT = /^\s*/

function insertBackslash(line: string): string {
  const indent = INDENT.exec(line)?.[0] ?? ''
  return `${indent}\\${line.slice(indent.length)}`
}

/**
 * Escapes every fence opener that is never closed (escaping one can expose another inside it), in
 * place; the fence map of the result.
 */
export function closeFences(lines: string[]): Uint8Array {
  for (;;) {
    const { unclosed, inFence } = mapFences(lines)
    const opener = unclosed[0]
    if (opener === undefined) return inFence
    lines[opener] = insertBackslash(lines[opener] ?? '')
  }
}

export interface EscapeOptions {
  /** Whether a `VOTE:` line in the text counts: only in a person's own comment. */
  votes: boolean
}

/** The lines of `text` as they are written: no blank lines at its start or end, then escaped. */
export function escapeText(text: Text, options: EscapeOptions): string[] {
  const lines = text.split('\n')
  while (lines.length > 0 && (lines[0] ?? '').trim() === '') lines.shift()
  while (lines.length > 0 && (lines[lines.length - 1] ?? '').trim() === '') lines.pop()
  for (const [i, line] of lines.entries()) {
    if (HYPHEN_RULE.test(line)) lines[i] = ` ${line}`
    else if (BACKSLASHED_FENCE.test(line)) lines[i] = insertBackslash(line)
  }
  const inFence = closeFences(lines)
  for (const [i, line] of lines.entries()) {
    const engines =
      isDebateWordLine(line) ||
      (!inFence[i] && (isRecordLine(line) || (!options.votes && isVoteLine(line))))
    if (engines) lines[i] = insertBackslash(line)
  }
  return lines
}

/**
 * The text of a block the store wrote, as the parser read it back (the append journal keeps it):
 * the `---` and fence escapes the parser undid are applied again, and nothing else, so the block
 * is written as it was, its engine lines included.
 */
export function escapeAsWritten(text: Text): string[] {
  const lines = text.split('\n')
  for (const [i, line] of lines.entries()) {
    if (HYPHEN_RULE.test(line)) lines[i] = ` ${line}`
    else if (BACKSLASHED_FENCE.test(line)) lines[i] = insertBackslash(line)
  }
  closeFences(lines)
  return lines
}

export function unescapeCommentLine(line: string): string {
  if (!line.includes('---') && !line.includes('\\')) return line
  if (ESCAPED_HYPHEN_RULE.test(line)) return line.slice(1)
  const fence = BACKSLASHED_FENCE.exec(line)
  if (fence) {
    const indent = fence[1] ?? ''
    return indent + line.slice(indent.length + 1)
  }
  return line
}
