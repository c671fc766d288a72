/**
 * The only code that writes discussion files. Guarantees (see ARCHITECTURE.md):
 * - an append never rewrites a byte: one write of the whole block with the file opened for append,
 *   fdatasync, and only then success; a concurrent edit lands before or after it, never lost;
 * - header changes rewrite the whole file atomically, and only if it is unchanged since it was read
 *   (compare and swap), re-reading and retrying otherwise;
 * - our writers take a lock in the state folder, so their blocks never interleave.
 */
import { createHash } from 'node:crypto'
import { constants } from 'node:fs'
import { access, mkdir, readFile, realpath, stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'

import { parseDiscussion } from '../../core/format/parse.js'
import type { CommentBody } from '../../core/format/comment-body.js'
import type { ParsedDiscussion, Vote } from '../../core/format/model.js'
import { sanitizeHeaderValue, setHeaderValues } from '../../core/format/header-edit.js'
import type { HeaderChanges } from '../../core/format/header-edit.js'
import { formatCommentBlock } from '../../core/format/serialize.js'
import { advanceTail, countNewlines, EMPTY_TAIL, planAppend } from '../../core/format/tail.js'
import type { FileTail } from '../../core/format/tail.js'
import { appendDurably, replaceDurably } from './durable-write.js'
import { AppendJournal } from './journal.js'
import type { NewJournalEntry } from './journal.js'
import { withLock } from './lock.js'
import type { LockOptions } from './lock.js'
import { currentTail, saveTail } from './tail-cache.js'
import type { Name, Text } from '../../core/text/text.js'
import { isAccessError, stateFolderNotWritable } from './write-access.js'

export interface StoreOptions {
  /** Folder for locks and caches (see `stateDir`). */
  stateDir: string
  lock?: LockOptions
  /**
   * Record each appended comment in the state folder's append journal (default true), so an
   * editor saving an older buffer over it cannot lose it for good (see `journal-restore.ts`).
   */
  journal?: boolean
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

  /** Where the lock and tail cache of a discussion file live (in the state folder). */
  async statePaths(path: string): Promise<{ real: string; lock: string; tail: string }> {
    const folder = join(this.options.stateDir, 'files')
    // Side by side: each is a round trip to the thread pool, and an append waits for both.
    const [real] = await Promise.all([realpath(path), this.checkStateFolder(folder)])
    const key = sha256(real).slice(0, 32)
    return { real, lock: join(folder, `${key}.lock`), tail: join(folder, `${key}.tail.json`) }
  }

  /** Makes the state folder if need be; one that cannot be written is a message naming it. */
  private async checkStateFolder(folder: string): Promise<void> {
    try {
      await mkdir(folder, { recursive: true })
      await access(folder, constants.W_OK)
    } catch (error) {
      if (isAccessError(error) || (error as NodeJS.ErrnoException).code === 'ENOTDIR')
        throw stateFolderNotWritable(this.options.stateDir, (error as NodeJS.ErrnoException).code)
      throw error
    }
  }

  async read(path: string): Promise<DiscussionSnapshot> {
    const text = await readFile(path, 'utf8')
    const stats = await stat(path)
    return {
      path,
      text,
      parsed: parseDiscussion(text),
      version: { size: stats.size, mtimeMs: stats.mtimeMs, sha256: sha256(text) },
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
   * each block's result, in order.
   */
  private async writeBlocks(path: string, group: readonly PendingBlock[]): Promise<AppendResult[]> {
    const state = await this.statePaths(path)
    return withLock(
      state.lock,
      async () => {
        const tail = await currentTail(state.real, state.tail)
        let after = tail
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
        const stats = await appendDurably(state.real, text, dirname(state.real))
        // Both only once the text is on disk, and still under the lock, which keeps the journal in
        // file order; neither waits for the other.
        await Promise.all([
          saveTail(state.real, state.tail, stats, after),
          this.recordInJournal(path, group),
        ])
        return results
      },
      this.options.lock,
    )
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
    const state = await this.statePaths(path)
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await readFile(state.real, 'utf8')
      const replacement = edit(before)
      if (!replacement) return
      const swapped = await withLock(
        state.lock,
        async () => {
          if ((await readFile(state.real, 'utf8')) !== before) return false
          await replaceDurably(state.real, replacement.text, dirname(state.real))
          // The rename made a new file: record its tail so the next append reads nothing.
          await saveTail(state.real, state.tail, await stat(state.real), replacement.tail)
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
