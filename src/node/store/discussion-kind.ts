/**
 * Whether a file is a discussion before anything writes to it: a writing command given
 * `package.json`, a PDF, someone's notes or a README that quotes the marker in a code block must
 * refuse, not append a comment to them. A discussion is a file whose first line is
 * `<!-- DISCUSSION -->` (after a byte-order mark, in any case), the header every discussion,
 * council and debate file is created with. Only the file's first bytes are looked at.
 */
import { constants } from 'node:fs'
import { open, stat } from 'node:fs/promises'

import { DiscussionError } from '../../core/errors.js'
import { requirePlainFile } from '../files/plain-file.js'

/** How much of a file is read to tell what it is. */
export const HEAD_BYTES = 8192

const MARKER_LINE = /^<!--\s*discussion\s*-->\s*$/i
const MARKER = /<!--\s*discussion\s*-->/i

export type FileKind = 'discussion' | 'empty' | 'binary' | 'json' | 'yaml' | 'markdown' | 'text'

/** `head` without a last character cut short (a read of the first bytes may end inside one). */
function wholeCharacters(head: Buffer): Buffer {
  let lead = head.length - 1
  while (lead >= 0 && head.length - 1 - lead < 3 && ((head[lead] ?? 0) & 0xc0) === 0x80) lead--
  if (lead < 0) return head
  const first = head[lead] ?? 0
  const continuations = first >= 0xf0 ? 3 : first >= 0xe0 ? 2 : first >= 0xc0 ? 1 : 0
  return head.length - 1 - lead < continuations ? head.subarray(0, lead) : head
}

const textOf = (head: Buffer): string =>
  wholeCharacters(head)
    .toString('utf8')
    .replace(/^\uFEFF/, '')

/** What the first bytes of a file look like. */
export function fileKindOf(head: Buffer): FileKind {
  if (head.length === 0) return 'empty'
  // The first line alone decides: what follows it may be anything (a file cut or padded later).
  const firstLine = head.subarray(0, head.includes(0x0a) ? head.indexOf(0x0a) : head.length)
  if (MARKER_LINE.test(textOf(firstLine))) return 'discussion'
  if (head.includes(0)) return 'binary'
  const text = textOf(head)
  if (text.includes('\uFFFD')) return 'binary' // not UTF-8
  const start = text.trimStart()
  if (start === '') return 'empty'
  if (start.startsWith('{') || start.startsWith('[')) return 'json'
  if (/^(---\s*\n|%YAML|[\w-]+:\s)/.test(start) && !/^#\s/m.test(start)) return 'yaml'
  if (/^(#{1,6}\s|[-*]\s|>\s|```)/m.test(start)) return 'markdown'
  return 'text'
}

/** The line (1-based) of the first bytes where the marker stands, when it is not the first. */
function markerLineOf(head: Buffer): number | null {
  const text = textOf(head)
  const at = text.search(MARKER)
  return at <= 0 ? null : text.slice(0, at).split('\n').length
}

const LOOKS_LIKE: Record<Exclude<FileKind, 'discussion'>, string> = {
  empty: 'is empty',
  binary: 'looks like a binary file',
  json: 'looks like JSON',
  yaml: 'looks like YAML',
  markdown: 'is markdown without the <!-- DISCUSSION --> header',
  text: 'is text without the <!-- DISCUSSION --> header',
}

export class NotADiscussionError extends DiscussionError {
  constructor(
    readonly path: string,
    readonly kind: Exclude<FileKind, 'discussion'>,
    markerLine: number | null = null,
  ) {
    // A marker further down (quoted in a README's code block, say) does not make a discussion.
    const where = markerLine === null ? '' : ` on its first line (it is on line ${markerLine})`
    super(
      `${path} ${LOOKS_LIKE[kind]}${where}, not a discussion, so nothing was written. ` +
        'Start one with `discussions new "Title"`, or make a markdown file one by putting <!-- DISCUSSION --> on its first line.',
    )
  }
}

/** Throws `NotADiscussionError` (naming the file as `shown`) unless `head` is a discussion's. */
export function requireDiscussionHead(head: Buffer, shown: string): void {
  const kind = fileKindOf(head)
  if (kind !== 'discussion') throw new NotADiscussionError(shown, kind, markerLineOf(head))
}

/**
 * What the file at `path` is, from its head. Opened without blocking and refused unless it is a
 * plain file, so a FIFO or a device named as a discussion cannot hang the read.
 */
export async function readFileKind(path: string): Promise<FileKind> {
  // Looked at before it is opened (opening some devices does something), and again once open.
  requirePlainFile(path, await stat(path))
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK)
  try {
    requirePlainFile(path, await handle.stat())
    const buffer = Buffer.alloc(HEAD_BYTES)
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0)
    // A multi-byte character cut at the end of the buffer is not a sign of binary.
    let end = bytesRead
    if (bytesRead === HEAD_BYTES) while (end > 0 && ((buffer[end - 1] ?? 0) & 0xc0) === 0x80) end--
    if (bytesRead === HEAD_BYTES && end > 0 && ((buffer[end - 1] ?? 0) & 0xc0) === 0xc0) end--
    return fileKindOf(buffer.subarray(0, end))
  } finally {
    await handle.close()
  }
}

/** Throws `NotADiscussionError` (naming the file as `shown`) unless `path` is a discussion. */
export async function requireDiscussionFile(path: string, shown: string = path): Promise<void> {
  const kind = await readFileKind(path)
  if (kind !== 'discussion') throw new NotADiscussionError(shown, kind)
}
