/**
 * Whether a file is a discussion before anything writes to it: a writing command given
 * `package.json`, a PDF or someone's notes must refuse, not append a comment to them. A discussion
 * starts (after blank lines, a byte-order mark or a front comment) with `<!-- DISCUSSION -->`, the
 * header every discussion, council and debate file is created with. Reads the first bytes only.
 */
import { open } from 'node:fs/promises'

import { DiscussionError } from '../../core/errors.js'

const HEAD_BYTES = 8192
const DISCUSSION_HEADER = /<!--\s*discussion\s*-->/i

export type FileKind = 'discussion' | 'empty' | 'binary' | 'json' | 'yaml' | 'markdown' | 'text'

/** What the first bytes of a file look like. */
export function fileKindOf(head: Buffer): FileKind {
  if (head.length === 0) return 'empty'
  if (head.includes(0)) return 'binary'
  const text = head.toString('utf8').replace(/^\uFEFF/, '')
  if (text.includes('\uFFFD')) return 'binary' // not UTF-8
  if (DISCUSSION_HEADER.test(text)) return 'discussion'
  const start = text.trimStart()
  if (start === '') return 'empty'
  if (start.startsWith('{') || start.startsWith('[')) return 'json'
  if (/^(---\s*\n|%YAML|[\w-]+:\s)/.test(start) && !/^#\s/m.test(start)) return 'yaml'
  if (/^(#{1,6}\s|[-*]\s|>\s|```)/m.test(start)) return 'markdown'
  return 'text'
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
  ) {
    super(
      `${path} ${LOOKS_LIKE[kind]}, not a discussion, so nothing was written. ` +
        'Start one with `discussions new "Title"`, or make a markdown file one by putting <!-- DISCUSSION --> on its first line.',
    )
  }
}

export async function readFileKind(path: string): Promise<FileKind> {
  const handle = await open(path, 'r')
  try {
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

/** Throws `NotADiscussionError` (named as `shown`) unless `path` is a discussion. */
export async function requireDiscussionFile(path: string, shown: string = path): Promise<void> {
  const kind = await readFileKind(path)
  if (kind !== 'discussion') throw new NotADiscussionError(shown, kind)
}
