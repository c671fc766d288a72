/**
 * Every channel name of the UI contract, and nothing else: this file imports no library, so the
 * sandboxed preload can bundle it without pulling a dependency in. Invoke channels are
 * `domain:verb` (a request and one reply); event channels are `domain:event` (main -> UI pushes).
 * A new channel is added here first; the type checker then asks for its schema and handler.
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
  'council:start',
  'council:resume',
  'council:cancel',
  'council:read',
  'comments:add',
  'phases:advance',
  'personas:read',
  'personas:save',
  'providers:list',
  'providers:test',
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
] as const

export const EVENT_CHANNELS = [
  'discussions:changed',
  'discussions:restored',
  'turns:progress',
  'council:progress',
  'debate:progress',
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
