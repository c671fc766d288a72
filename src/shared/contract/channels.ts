/**
 * Every channel name of the UI contract, and nothing else: this file imports no library, so the
 * sandboxed preload can bundle it without pulling a dependency in. A new channel is added here
 * first; the type checker then asks for its schema and its handler.
 *
 * The naming rule: one domain = one contract file = one backend file of the same base name
 * (`turns`: shared/contract/turns.ts, backend/turns.ts, `window.api.turns`).
 * - Requests are `<domain>:<verb>`: a request and one reply (`discussions:list`).
 * - Events are `<domain>:<event>`, pushed from the backend to every window, in the same domain as
 *   the requests that cause them (`discussions:changed`, `turns:progress`).
 * - The domain is plural when it names things there are many of (`discussions`, `personas`,
 *   `turns`, `councils`, `debates`); a domain there is one of keeps its name (`app`, `workspace`,
 *   `speech`).
 * - Each backend file exports `<domain>Handlers(context)` answering exactly its domain's channels;
 *   backend/index.ts lists every domain once, and its type says when one is missing.
 */
export const INVOKE_CHANNELS = [
  'app:info',
  'app:quit',
  'workspace:open',
  'workspace:recent',
  'discussions:list',
  'discussions:read',
  'discussions:create',
  'personas:list',
  'templates:list',
  'links:open',
  'turns:plan',
  'turns:start',
  'turns:cancel',
  'turns:estimate',
  'councils:start',
  'councils:resume',
  'councils:cancel',
  'councils:read',
  'councils:estimate',
  'councils:resumeEstimate',
  'comments:add',
  'phases:advance',
  'personas:read',
  'personas:save',
  'personas:delete',
  'providers:list',
  'providers:test',
  'providers:cancelTest',
  'providers:setDefault',
  'providers:trust',
  'diagrams:list',
  'diagrams:render',
  'diagrams:preview',
  'diagrams:save',
  'diagrams:open',
  'diagrams:orphans',
  'diagrams:deleteOrphans',
  'artifacts:launch',
  'speech:status',
  'speech:say',
  'speech:stop',
  'debates:start',
  'debates:resume',
  'debates:cancel',
  'debates:read',
  'debates:decide',
  'debates:estimate',
  'debates:resumeEstimate',
  'exports:adr',
  'exports:html',
  'search:folder',
  'search:discussion',
  'summaries:read',
  'summaries:start',
  'summaries:cancel',
] as const

export const EVENT_CHANNELS = [
  'discussions:changed',
  'discussions:restored',
  'workspace:settingsChanged',
  'turns:progress',
  'councils:progress',
  'debates:progress',
  'summaries:progress',
] as const

export type InvokeChannel = (typeof INVOKE_CHANNELS)[number]
export type EventChannel = (typeof EVENT_CHANNELS)[number]

/** The domain a channel belongs to: `discussions` for `discussions:list`. */
export type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never
/** Every domain of the contract: one contract file and one backend file each, of that name. */
export type Domain = DomainOf<InvokeChannel>
/** The invoke channels of one domain. */
export type ChannelsOf<D extends Domain> = Extract<InvokeChannel, `${D}:${string}`>

export function isInvokeChannel(value: unknown): value is InvokeChannel {
  return typeof value === 'string' && (INVOKE_CHANNELS as readonly string[]).includes(value)
}

/** `discussions:list` -> `['discussions', 'list']`: where a channel sits on `window.api`. */
export function channelPath(channel: string): [string, string] {
  const colon = channel.indexOf(':')
  return [channel.slice(0, colon), channel.slice(colon + 1)]
}
