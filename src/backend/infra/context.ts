/**
 * What every domain's handlers are built from, and the one shape they are exported in: each
 * backend file `<domain>.ts` exports `<domain>Handlers(context)`, answering exactly the channels of
 * its contract file `shared/contract/<domain>.ts`, and index.ts puts every domain in one table.
 */
import type {
  AppInfo,
  ChannelsOf,
  Domain,
  EventChannel,
  EventPayload,
} from '../../shared/contract/index.js'
import type { Engines } from './engines.js'
import type { Handlers } from './router.js'
import type { Workspace } from '../../node/engine/index.js'

/** What differs between the desktop app and the browser mode, supplied by each composition root. */
export interface Shell {
  mode: AppInfo['mode']
  /** Asks with the system's folder picker; null when cancelled. Absent: no picker (browser mode). */
  pickFolder?: () => Promise<string | null>
  /** Confirms with the person, then opens a checked URL; false when they cancel. */
  openExternal?: (url: string) => Promise<boolean>
  quit?: () => void
}

export type EventListener = <E extends EventChannel>(channel: E, payload: EventPayload<E>) => void

export interface BackendContext {
  shell: Shell
  /** The environment the backend was started with (read once by the composition root). */
  env: NodeJS.ProcessEnv
  workspace: Workspace
  engines: Engines
  /** Sends an event to every window. */
  emit: EventListener
  about: { name: string; version: string; platform: string }
}

export interface DomainHandlers<D extends Domain> {
  handlers: Pick<Handlers, ChannelsOf<D>>
  /** Stops what the domain runs in the background: the backend is closing. */
  close?: () => void
}

/** Every domain of the contract with its handlers: the type makes sure none is missing. */
export type DomainTable = { [D in Domain]: DomainHandlers<D> }

/** The router's table: each domain's handlers side by side (their channels never overlap). */
export function handlerTable(domains: DomainTable): Handlers {
  return Object.assign({}, ...Object.values(domains).map((domain) => domain.handlers)) as Handlers
}
