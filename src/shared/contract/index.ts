/**
 * The UI contract: what the renderer may ask of the backend and what the backend pushes back.
 * Electron's preload (IPC) and the browser mode's WebSocket both carry exactly this, so the
 * renderer does not know which one it talks through.
 */
import type { z } from 'zod'

import { appRequests } from './app.js'
import type { AppResponses } from './app.js'
import type { EventChannel, InvokeChannel } from './channels.js'
import type { Reply } from './common.js'
import { commentsRequests } from './comments.js'
import { councilRequests } from './council.js'
import type { CouncilProgress, CouncilResponses } from './council.js'
import type { CommentsResponses, DiscussionRestored } from './comments.js'
import { debatesRequests } from './debate.js'
import type { DebateProgress, DebatesResponses } from './debate.js'
import { diagramsRequests } from './diagrams.js'
import type { DiagramsResponses } from './diagrams.js'
import { discussionsRequests } from './discussions.js'
import type { DiscussionChanged, DiscussionsResponses } from './discussions.js'
import { linksRequests } from './links.js'
import { personasRequests } from './personas.js'
import type { PersonasResponses } from './personas.js'
import { providersRequests } from './providers.js'
import type { ProvidersResponses } from './providers.js'
import type { LinksResponses } from './links.js'
import { registryRequests } from './registry.js'
import type { RegistryResponses } from './registry.js'
import { turnsRequests } from './turns.js'
import type { TurnProgress, TurnsResponses } from './turns.js'
import { workspaceRequests } from './workspace.js'
import type { WorkspaceResponses } from './workspace.js'

export * from './channels.js'
export type * from './app.js'
export type * from './common.js'
export type * from './discussions.js'
export type * from './links.js'
export type * from './registry.js'
export type * from './workspace.js'
export type * from './turns.js'
export type * from './council.js'
export type * from './comments.js'
export type * from './personas.js'
export type * from './providers.js'
export type * from './diagrams.js'
export type * from './debate.js'

/** The schema every request of a channel must pass; the backend validates with it. */
export const REQUEST_SCHEMAS = {
  ...appRequests,
  ...linksRequests,
  ...workspaceRequests,
  ...discussionsRequests,
  ...registryRequests,
  ...turnsRequests,
  ...councilRequests,
  ...commentsRequests,
  ...personasRequests,
  ...providersRequests,
  ...diagramsRequests,
  ...debatesRequests,
} satisfies Record<InvokeChannel, z.ZodType>

interface Responses
  extends
    AppResponses,
    LinksResponses,
    WorkspaceResponses,
    DiscussionsResponses,
    RegistryResponses,
    TurnsResponses,
    CouncilResponses,
    CommentsResponses,
    PersonasResponses,
    ProvidersResponses,
    DiagramsResponses,
    DebatesResponses {}

/** The payload each event channel carries. */
export interface EventPayloads {
  'discussion:changed': DiscussionChanged
  'discussion:restored': DiscussionRestored
  'turn:progress': TurnProgress
  'council:progress': CouncilProgress
  'debate:progress': DebateProgress
}

/** What a caller passes (defaults not yet applied). */
export type InvokeRequest<C extends InvokeChannel> = z.input<(typeof REQUEST_SCHEMAS)[C]>
/** What a handler receives after validation. */
export type ValidRequest<C extends InvokeChannel> = z.output<(typeof REQUEST_SCHEMAS)[C]>
export type InvokeResponse<C extends InvokeChannel> = Responses[C]
export type EventPayload<E extends EventChannel> = EventPayloads[E]

/** One invoke function: its request may be left out when every field is optional. */
export type InvokeFunction<C extends InvokeChannel> =
  Record<never, never> extends InvokeRequest<C>
    ? (request?: InvokeRequest<C>) => Promise<Reply<InvokeResponse<C>>>
    : (request: InvokeRequest<C>) => Promise<Reply<InvokeResponse<C>>>

/** Subscribes to one event channel; returns the function that unsubscribes. */
export type Subscribe<E extends EventChannel> = (
  listener: (payload: EventPayload<E>) => void,
) => () => void

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never

/**
 * `window.api`: `api.discussions.list({folder})` for `discussions:list`, and
 * `api.events.discussion.changed(listener)` for the `discussion:changed` event.
 */
export type Api = {
  [D in DomainOf<InvokeChannel>]: {
    [C in InvokeChannel as C extends `${D}:${infer V}` ? V : never]: InvokeFunction<C>
  }
} & {
  events: {
    [D in DomainOf<EventChannel>]: {
      [E in EventChannel as E extends `${D}:${infer V}` ? V : never]: Subscribe<E>
    }
  }
}

/** Compile-time check that every event channel has a payload type. */
export type _EveryEventHasAPayload = EventPayloads[EventChannel]
