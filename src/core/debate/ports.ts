/**
 * What a debate runs on (its ports: the store, the personas, the provider call, a sleep) and how
 * it is asked to run; apart from the state machine so that its steps can name them too.
 */
import type { CommentBody } from '../format/comment-body.js'
import type { HeaderChanges } from '../format/header-edit.js'
import type { ParsedDiscussion } from '../format/model.js'
import type { Name } from '../text/text.js'
import type { ProviderRequest, ProviderResult } from '../providers/port.js'
import type { Aborter } from './deadline.js'
import type { DebateEvent } from './events.js'
import type { PromptPersona } from './prompts.js'

/**
 * Who signs the debate's own records (rounds, absences, round results, escalation): the only
 * author whose ROUND, ABSENT and round RESULT lines count (`read-state.ts`). A `Bot-` name, so it
 * is never taken for a human (see `isHumanName`) in the participants list or by `human_required`.
 */
export const CLERK = 'Bot-Debate'

/** What it writes is typed: a name and a body composed from the door's `Text` (`comment-body.ts`). */
export interface DebateStore {
  read(path: string): Promise<{ text: string; parsed: ParsedDiscussion }>
  appendComment(
    path: string,
    comment: { author: Name; body: CommentBody; vote: null },
  ): Promise<{ line: number }>
  updateHeaders(path: string, changes: HeaderChanges): Promise<void>
}

export interface DebateDeps {
  store: DebateStore
  /** The persona behind an alias; undefined: recorded absent (unknown participant). */
  persona: (alias: string) => (PromptPersona & { system?: string }) | undefined
  /** Calls the participant's provider chain; rejects when no provider answered. */
  complete: (alias: string, request: ProviderRequest) => Promise<ProviderResult>
  /** Waits `ms`; rejects early when the signal aborts. The round timeout runs on it. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>
  /** A new AbortController: what stops a call whose time is up. */
  aborter: () => Aborter
}

export interface DebateRunOptions {
  file: string
  signal?: AbortSignal
  onEvent?: (event: DebateEvent) => void
  /** How many participants answer at once (default: all). */
  concurrency?: number
  /** Overrides the debate's own round timeout (milliseconds). */
  timeoutMs?: number
  /** True once the run must stop between steps (a budget ran out): it stops as if cancelled. */
  stop?: () => boolean
}
