/**
 * The only code that writes discussion files. Guarantees (see ARCHITECTURE.md):
 * - an append never rewrites a byte: one write of the whole block with the file opened for append,
 *   fdatasync, and only then success; a concurrent edit lands before or after it, never lost;
 * - header changes rewrite the whole file atomically, and only if it is unchanged since it was read
 *   (compare and swap), re-reading and retrying otherwise;
 * - our writers take a lock in the state folder, so their blocks never interleave;
 * - every read and write goes through one door (`openDiscussion`): the file is opened first and
 *   proven a plain file inside its project, and writes go to that very descriptor, so a name
 *   swapped for a link meanwhile cannot redirect them; a file that is not a discussion, or is over
 *   the size limit, is never written to.
 */
import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import type { BigIntStats } from 'node:fs'
import { access } from 'node:fs/promises'
import type { FileHandle } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'

import { parseDiscussion } from '../../core/format/parse.js'
import type { CommentBody } from '../../core/format/comment-body.js'
import type { ParsedDiscussion, Vote } from '../../core/format/model.js'
import { sanitizeHeaderValue, setHeaderValues } from '../../core/format/header-edit.js'
import type { HeaderChanges } from '../../core/format/header-edit.js'
import { formatCommentBlock } from '../../core/format/serialize.js'
import { advanceTail, countNewlines, EMPTY_TAIL, planAppend } from '../../core/format/tail.js'
import type { FileTail } from '../../core/format/tail.js'
import type { OpenedInside } from '../files/open-inside.js'
import { writeBoundary } from '../files/write-boundary.js'
import { DEFAULT_MAX_DISCUSSION_BYTES, openDiscussion, tooLargeReason } from './discussion-file.js'
import type { DiscussionDoor } from './discussion-file.js'
import { replaceDurably, writeAll } from './durable-write.js'
import { AppendJournal } from './journal.js'
import type { NewJournalEntry } from './journal.js'
import { withLock } from './lock.js'
import type { LockOptions } from './lock.js'
import { privateStateFolder } from './private-state.js'
import { currentTail, saveTail } from './tail-cache.js'
import type { Name, Text } from '../../core/text/text.js'
import {
  fileNotWritable,
  folderNotWritable,
  isAccessError,
  stateFolderNotWritable,
} from './write-access.js'

export interface StoreOptions {
  /** Folder for locks and caches (see `stateDir`). */
  stateDir: string
  lock?: LockOptions
  /**
   * Record each appended comment in the state folder's append journal (default true), so an
   * editor saving an older buffer over it cannot lose it for good (see `journal-restore.ts`).
   */
  journal?: boolean
  /**
   * The project a discussion's reads and writes must stay inside (see write-boundary.ts): one
   * folder, or one for each path (the app's open folders); by default found from the path.
   */
  root?: string | null | ((path: string) => string | null | undefined)
  /** Bytes a discussion may have to be written to, or read whole (default 64 MB). */
  maxBytes?: number
}

export interface FileVersion {
  size: number
  mtimeMs: number
  sha256: string
}

export interface DiscussionSnapshot {
  path: string
  text: string
  parsed: ParsedDiscussion
  version: FileVersion
  /**
   * Set when the file is over the size limit: why it is read-only. `text` then holds only its
   * first part, up to a line's end.
   */
  readOnly: string | null
}

/** A comment to append: a name and a body that came through the door (`src/core/text`). */
export interface NewComment {
  author: Name
  body: CommentBody
  vote?: Vote | null
}

export interface AppendResult {
  /** Line of the new block's `Name:` line (or first marker line for a phase transition). */
  line: number
  /** Set when a block left open at the end was closed first (and marked INCOMPLETE-BLOCK). */
  incompleteBlockLine: number | null
}

export class ConcurrentEditError extends Error {}

/** A block waiting for the next write to its file, with who is waiting for it. */
interface PendingBlock {
  block: string
  lineOffset: number
  /** What the journal keeps of it, when it is a comment (see `journalEntry`). */
  journal: NewJournalEntry | null
  resolve: (result: AppendResult) => void
  reject: (error: unknown) => void
}

/** The comment as the parser will read it back, which is what the journal keeps. */
function journalEntry(block: string): NewJournalEntry | null {
  const [written] = parseDiscussion(`---\n${block}`).comments
  return written ? { author: written.author, body: written.body } : null
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

/** A whole new text for a file, with its tail (what the next append needs to know). */
interface Replacement {
  text: string
  tail: FileTail
}

export class DiscussionFileStore {
  private readonly journal: AppendJournal | null
  /** Per path: the blocks gathered for the next write, while one is under way. */
  private readonly gathering = new Map<string, PendingBlock[]>()
  /** Per path: the write under way (or queued), which the next one follows. */
  private readonly writing = new Map<string, Promise<void>>()

  constructor(private readonly options: StoreOptions) {
    this.journal = options.journal === false ? null : new AppendJournal(options.stateDir)
  }

  /** Bytes a discussion may have to be written to, or read whole. */
  get maxBytes(): number {
    return this.options.maxBytes ?? DEFAULT_MAX_DISCUSSION_BYTES
  }

  /** The folder `path`'s reads and writes must stay inside: its project. */
  boundaryOf(path: string): string {
    const { root } = this.options
    return writeBoundary(path, typeof root === 'function' ? root(resolve(path)) : root)
  }

  private door(path: string, shown?: string): DiscussionDoor {
    return {
      boundary: this.boundaryOf(path),
      maxBytes: this.maxBytes,
      ...(shown !== undefined ? { shown } : {}),
    }
  }

  /**
   * Refuses, before anything is asked or written, what a write to `path` would refuse: a file
   * outside its project or reached through a link that leads out, anything but a plain file, a
   * file that is not a discussion or is over the size limit, one that cannot be written (with
   * `folder`: nor its folder, for whole-file rewrites), and a state folder that cannot hold the
   * lock. Names the file as `shown`.
   */
  async requireWritable(
    path: string,
    options: { shown?: string; folder?: boolean } = {},
  ): Promise<void> {
    const shown = options.shown ?? path
    let opened: OpenedInside
    try {
      opened = await openDiscussion(path, 'append', this.door(path, shown))
      await opened.handle.close()
    } catch (error) {
      // Opened to read and write: said as the one of the two that is missing.
      if (
        isAccessError(error) &&
        (await access(path, constants.R_OK).then(
          () => true,
          () => false,
        ))
      )
        throw fileNotWritable(shown, (error as NodeJS.ErrnoException).code)
      throw error
    }
    const folder = dirname(opened.real)
    if (options.folder) {
      try {
        await access(folder, constants.W_OK)
      } catch (error) {
        if (isAccessError(error))
          throw folderNotWritable(folder, (error as NodeJS.ErrnoException).code)
        throw error
      }
    }
    await this.statePaths(opened.real, opened.stats)
  }

  /** The real path of the discussion at `path`, and where its lock and tail cache live. */
  async stateFiles(path: string): Promise<{ real: string; lock: string; tail: string }> {
    const { handle, real, stats } = await openDiscussion(path, 'read', this.door(path))
    await handle.close()
    return { real, ...(await this.statePaths(real, stats)) }
  }

  /**
   * Where the lock and the tail cache of the discussion open with these stats, at real path
   * `real`, live. The lock is the file's (its device and inode), not its name's: a writer that
   * opened it under another name (renamed meanwhile) still waits for the others.
   */
  private async statePaths(
    real: string,
    file: { dev: bigint; ino: bigint },
  ): Promise<{ lock: string; tail: string }> {
    let folder: string
    try {
      folder = await privateStateFolder(this.options.stateDir, 'files')
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (isAccessError(error) || code === 'ENOTDIR')
        throw stateFolderNotWritable(this.options.stateDir, code)
      throw error
    }
    const lock = sha256(`${file.dev}:${file.ino}`).slice(0, 32)
    const tail = sha256(real).slice(0, 32)
    return { lock: join(folder, `${lock}.lock`), tail: join(folder, `${tail}.tail.json`) }
  }

  /** The discussion at `path` (named in messages as `shown`). */
  async read(path: string, shown: string = path): Promise<DiscussionSnapshot> {
    const snapshot = await this.readText(path, shown)
    return { ...snapshot, parsed: parseDiscussion(snapshot.text) }
  }

  /**
   * The discussion at `path` as `read` gives it, through the same door, but not parsed: for a
   * caller that parses it elsewhere (the terminal UI, on a worker thread).
   */
  async readText(path: string, shown: string = path): Promise<Omit<DiscussionSnapshot, 'parsed'>> {
    const { handle, stats } = await openDiscussion(path, 'read', this.door(path, shown))
    try {
      const tooLarge = stats.size > BigInt(this.maxBytes)
      const bytes = tooLarge ? await readUpToLine(handle, this.maxBytes) : await handle.readFile()
      const text = bytes.toString('utf8')
      return {
        path,
        text,
        version: {
          size: Number(stats.size),
          mtimeMs: Number(stats.mtimeNs) / 1e6,
          sha256: sha256(text),
        },
        readOnly: tooLarge ? tooLargeReason(shown, stats.size, this.maxBytes) : null,
      }
    } finally {
      await handle.close()
    }
  }

  /** The whole text of the discussion at `path`, as a rewrite reads it, and its real path. */
  private async readForRewrite(
    path: string,
  ): Promise<{ text: string; real: string; stats: BigIntStats }> {
    const { handle, real, stats } = await openDiscussion(path, 'append', this.door(path))
    try {
      return { text: (await handle.readFile()).toString('utf8'), real, stats }
    } finally {
      await handle.close()
    }
  }

  /**
   * Appends raw block text (starting with a blank line, ending with `---\n`) as one block.
   * Blocks for a file that arrive while a write to it is under way are written together next,
   * in the order they came, with one tail read and one fdatasync (a group commit): eight answers
   * finishing together cost two writes, not eight. Each still lands as a block of its own and is
   * reported only once it is on disk.
   */
  private appendBlock(
    path: string,
    block: string,
    lineOffset: number,
    journal: NewJournalEntry | null,
  ): Promise<AppendResult> {
    // Gathered by the path as given (no await before joining, so blocks keep the order they were
    // handed in); the write resolves it. Another spelling of the same file makes its own group,
    // which the lock orders.
    const key = resolve(path)
    return new Promise<AppendResult>((done, fail) => {
      const pending: PendingBlock = { block, lineOffset, journal, resolve: done, reject: fail }
      const waiting = this.gathering.get(key)
      if (waiting) {
        waiting.push(pending)
        return
      }
      const group = [pending]
      this.gathering.set(key, group)
      const before = this.writing.get(key) ?? Promise.resolve()
      const written = before.then(async () => {
        this.gathering.delete(key) // whatever comes now waits for the next write
        try {
          const results = await this.writeBlocks(path, group)
          group.forEach((item, index) => item.resolve(results[index] as AppendResult))
        } catch (error) {
          for (const item of group) item.reject(error)
        }
      })
      this.writing.set(key, written)
      void written.finally(() => {
        if (this.writing.get(key) === written) this.writing.delete(key)
      })
    })
  }

  /**
   * Writes `group` as one append under the lock, then records its tail and its journal entries;
   * each block's result, in order. A file replaced while the write waited or ran (an editor's
   * save renames a new file into place) took the text with it out of sight: it is written again,
   * to the file that has the name now.
   */
  private async writeBlocks(path: string, group: readonly PendingBlock[]): Promise<AppendResult[]> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const results = await this.tryWriteBlocks(path, group)
      if (results) return results
    }
    throw new ConcurrentEditError(
      `${path} was replaced again and again while an answer was being added; try again.`,
    )
  }

  /** One attempt of `writeBlocks`; null when the file was replaced meanwhile. */
  private async tryWriteBlocks(
    path: string,
    group: readonly PendingBlock[],
  ): Promise<AppendResult[] | null> {
    const { handle, real, stats } = await openDiscussion(path, 'append', this.door(path))
    try {
      const state = await this.statePaths(real, stats)
      return await withLock(
        state.lock,
        async () => {
          // Taken under the lock: our other writers may have appended while this one waited.
          const before = await handle.stat({ bigint: true })
          if (before.nlink === 0n) return null
          let after = await currentTail(handle, before, state.tail)
          let text = ''
          const results: AppendResult[] = []
          for (const { block, lineOffset } of group) {
            const plan = planAppend(after)
            const piece = plan.prefix + block
            results.push({
              line: plan.firstLine + lineOffset,
              incompleteBlockLine: plan.incompleteBlockLine,
            })
            text += piece
            after = advanceTail(after, piece)
          }
          await writeAll(handle, Buffer.from(text, 'utf8'))
          await handle.datasync()
          const written = await handle.stat({ bigint: true })
          if (written.nlink === 0n) return null
          // Both only once the text is on disk, and still under the lock, which keeps the journal
          // in file order; neither waits for the other.
          await Promise.all([
            saveTail(state.tail, written, after),
            this.recordInJournal(real, group),
          ])
          return results
        },
        this.options.lock,
      )
    } finally {
      await handle.close()
    }
  }

  async appendComment(path: string, comment: NewComment): Promise<AppendResult> {
    const block = formatCommentBlock(comment.author, comment.body, comment.vote ?? null)
    return this.appendBlock(path, block, 1, this.journal ? journalEntry(block) : null)
  }

  /**
   * The group's comments, in one journal append once they are on disk; a journal that cannot be
   * written costs nothing.
   */
  private async recordInJournal(path: string, group: readonly PendingBlock[]): Promise<void> {
    const entries = group.flatMap((item) => (item.journal ? [item.journal] : []))
    if (!this.journal || entries.length === 0) return
    try {
      await this.journal.recordAll(path, entries)
    } catch {
      // The answers are safely in the file; only the protection against old buffers is missing.
    }
  }

  /** Sets header values (see `replaceChecked`). */
  async updateHeaders(path: string, changes: HeaderChanges): Promise<void> {
    await this.replaceChecked(path, (before) => {
      const text = setHeaderValues(before, changes)
      return text === before ? null : { text, tail: advanceTail(EMPTY_TAIL, text) }
    })
  }

  /**
   * Replaces the file with `edit` of it (null: nothing to change). Reads, computes, then under the
   * lock checks the file is unchanged and replaces it atomically; a change in between (a human's
   * save) means read again and retry.
   */
  private async replaceChecked(
    path: string,
    edit: (before: string) => Replacement | null,
  ): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await this.readForRewrite(path)
      const replacement = edit(before.text)
      if (!replacement) return
      const state = await this.statePaths(before.real, before.stats)
      const swapped = await withLock(
        state.lock,
        async () => {
          const now = await this.readForRewrite(path)
          if (now.real !== before.real || now.text !== before.text) return false
          const stats = await replaceDurably(now.real, replacement.text, this.boundaryOf(path))
          // The rename made a new file: record its tail so the next append reads nothing.
          await saveTail(state.tail, stats, replacement.tail)
          return true
        },
        this.options.lock,
      )
      if (swapped) return
    }
    throw new ConcurrentEditError(
      `${path} kept changing while its header was being updated; try again.`,
    )
  }

  /**
   * Records a phase change: both phase markers as a block of their own, the Phase header, and any
   * other `headers` (a new Status), in one atomic replace: one lock and one fsync where an append
   * and a header rewrite took two, and no moment where the markers are in but the header is not.
   */
  async recordPhaseTransition(
    path: string,
    from: Text,
    to: Text,
    headers: HeaderChanges = {},
  ): Promise<AppendResult> {
    const [a, b] = [sanitizeHeaderValue(from), sanitizeHeaderValue(to)]
    const block = `\n<!-- PHASE-TRANSITION: ${a} -> ${b} -->\n<!-- VOTE-RESET: ${b} -->\n\n---\n`
    let result: AppendResult = { line: 0, incompleteBlockLine: null }
    await this.replaceChecked(path, (before) => {
      const plan = planAppend(advanceTail(EMPTY_TAIL, before))
      const text = setHeaderValues(before + plan.prefix + block, { ...headers, Phase: to })
      const lines = countNewlines(text)
      // A header the file lacked is a line more above the block.
      const added = lines - (plan.firstLine - 1 + countNewlines(block))
      result = {
        line: plan.firstLine + 1 + added,
        incompleteBlockLine:
          plan.incompleteBlockLine === null ? null : plan.incompleteBlockLine + added,
      }
      // The file now ends with the block's delimiter: no fence open, the next block starts here.
      return { text, tail: { ...EMPTY_TAIL, lines, segment: 'blank' } }
    })
    if (this.journal) {
      try {
        await this.journal.record(path, { author: '', body: '', phase: { from: a, to: b } })
      } catch {
        // The change is in the file; only the protection against old buffers is missing.
      }
    }
    return result
  }
}

/** The first `limit` bytes of the file, up to the end of the last whole line in them. */
async function readUpToLine(handle: FileHandle, limit: number): Promise<Buffer> {
  const buffer = Buffer.alloc(limit)
  let filled = 0
  while (filled < limit) {
    const { bytesRead } = await handle.read(buffer, filled, limit - filled, filled)
    if (bytesRead === 0) break
    filled += bytesRead
  }
  const end = buffer.lastIndexOf(0x0a, filled - 1) + 1
  return buffer.subarray(0, end === 0 ? filled : end)
}
