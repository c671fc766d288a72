/**
 * The UI contract: what the renderer may ask of the backend and what the backend pushes back.
 * Electron's preload (IPC) and the browser mode's WebSocket both carry exactly this, so the
 * renderer does not know which one it talks through.
 */
import type { z } from 'zod'

import { appRequests } from './app.js'
import type { AppResponses } from './app.js'
import { artifactsRequests } from './artifacts.js'
import type { ArtifactsResponses } from './artifacts.js'
import type { DomainOf, EventChannel, InvokeChannel } from './channels.js'
import { commentsRequests } from './comments.js'
import type { CommentsResponses } from './comments.js'
import type { Reply } from './common.js'
import { councilRequests } from './councils.js'
import type { CouncilProgress, CouncilResponses } from './councils.js'
import { debatesRequests } from './debates.js'
import type { DebateProgress, DebatesResponses } from './debates.js'
import { diagramsRequests } from './diagrams.js'
import type { DiagramsResponses } from './diagrams.js'
import { discussionsRequests } from './discussions.js'
import { exportsRequests } from './exports.js'
import type { ExportsResponses } from './exports.js'
import type { DiscussionChanged, DiscussionRestored, DiscussionsResponses } from './discussions.js'
import { linksRequests } from './links.js'
import type { LinksResponses } from './links.js'
import { personasRequests } from './personas.js'
import type { PersonasResponses } from './personas.js'
import { phasesRequests } from './phases.js'
import type { PhasesResponses } from './phases.js'
import { providersRequests } from './providers.js'
import type { ProvidersResponses } from './providers.js'
import { searchRequests } from './search.js'
import type { SearchResponses } from './search.js'
import { speechRequests } from './speech.js'
import type { SpeechResponses } from './speech.js'
import { summariesRequests } from './summaries.js'
import type { SummariesResponses, SummaryProgress } from './summaries.js'
import { templatesRequests } from './templates.js'
import type { TemplatesResponses } from './templates.js'
import { turnsRequests } from './turns.js'
import type { TurnProgress, TurnsResponses } from './turns.js'
import { workspaceRequests } from './workspace.js'
import type { SettingsChanged, WorkspaceResponses } from './workspace.js'

export * from './channels.js'
export type * from './app.js'
export type * from './artifacts.js'
export type * from './comments.js'
export type * from './budget.js'
export type * from './common.js'
export type * from './councils.js'
export type * from './debates.js'
export type * from './diagrams.js'
export type * from './discussions.js'
export type * from './exports.js'
export type * from './links.js'
export type * from './personas.js'
export type * from './phases.js'
export type * from './providers.js'
export type * from './search.js'
export type * from './speech.js'
export type * from './summaries.js'
export type * from './templates.js'
export type * from './turns.js'
export type * from './workspace.js'

/** The schema every request of a channel must pass; the backend validates with it. */
export const REQUEST_SCHEMAS = {
  ...appRequests,
  ...workspaceRequests,
  ...linksRequests,
  ...discussionsRequests,
  ...personasRequests,
  ...templatesRequests,
  ...turnsRequests,
  ...councilRequests,
  ...commentsRequests,
  ...phasesRequests,
  ...providersRequests,
  ...diagramsRequests,
  ...artifactsRequests,
  ...speechRequests,
  ...debatesRequests,
  ...exportsRequests,
  ...searchRequests,
  ...summariesRequests,
} satisfies Record<InvokeChannel, z.ZodType>

interface Responses
  extends
    AppResponses,
    WorkspaceResponses,
    LinksResponses,
    DiscussionsResponses,
    PersonasResponses,
    TemplatesResponses,
    TurnsResponses,
    CouncilResponses,
    CommentsResponses,
    PhasesResponses,
    ProvidersResponses,
    DiagramsResponses,
    ArtifactsResponses,
    SpeechResponses,
    DebatesResponses,
    ExportsResponses,
    SearchResponses,
    SummariesResponses {}

/** The payload each event channel carries. */
export interface EventPayloads {
  'discussions:changed': DiscussionChanged
  'discussions:restored': DiscussionRestored
  'workspace:settingsChanged': SettingsChanged
  'turns:progress': TurnProgress
  'councils:progress': CouncilProgress
  'debates:progress': DebateProgress
  'summaries:progress': SummaryProgress
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

/**
 * `window.api`: `api.discussions.list({folder})` for `discussions:list`, and
 * `api.events.discussions.changed(listener)` for the `discussions:changed` event.
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
