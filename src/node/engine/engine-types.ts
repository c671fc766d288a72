/** The shapes the engine's methods take and give, beside the ones its use-case modules define. */
import type { RunCaps } from './budget.js'
import type { CouncilEvent } from '../../core/council/events.js'
import type { DiscussionView } from '../../core/discussion/describe.js'
import type { TurnOptions } from '../../core/turns/run-turn.js'
import type { DiscussionSnapshot } from '../store/discussion-store.js'

export interface EngineOptions {
  /** The working folder: the project is found from it (default: process.cwd()). */
  cwd?: string
  env?: NodeJS.ProcessEnv
}

export interface LoadedDiscussion extends DiscussionSnapshot {
  view: DiscussionView
}

/** A new discussion: its title, and what differs from the configured defaults. */
export interface NewDiscussion {
  title: string
  template?: string
  participants?: readonly string[]
  context?: string
  dir?: string
}

/** A turn as the library runs it: the file, who answers, and how. */
export interface EngineTurnOptions extends Omit<TurnOptions, 'file' | 'budget'> {
  /** Every persona uses this provider (no fallback); default: each persona's hint, then the default. */
  provider?: string
  /** `--max-cost`, `--max-total-tokens`; the settings' `budget.*` fill in what is absent. */
  caps?: RunCaps
}

/** How a council runs: cancel with `signal`, follow with `onEvent` (text streams as `text`). */
export interface CouncilRun {
  signal?: AbortSignal
  timeoutMs?: number
  onEvent?: (event: CouncilEvent) => void
  /** `--max-cost`, `--max-total-tokens`; the settings' `budget.*` fill in what is absent. */
  caps?: RunCaps
}

/** A human's decision on an escalated debate. */
export type DebateChoice = { accept: string } | { reject: true }
