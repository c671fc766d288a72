/**
 * The providers' use cases, shared by `discussions providers` and the app's providers view: list
 * them with whether each can answer now, test one with a real prompt, choose the default, and
 * trust or stop trusting the project's own providers.
 */
import { DiscussionError } from '../../core/errors.js'
import { completeWithFallback } from '../../core/providers/fallback.js'
import type { ProviderResult } from '../../core/providers/port.js'
import { saveDefaultProvider } from '../config/default-provider.js'
import { userConfigDir } from '../config/paths.js'
import { revokeTrust, trustProject } from '../providers/trust.js'
import { providerStatuses } from '../providers/usable.js'
import type { ProviderStatus } from '../providers/usable.js'
import { monotonicMs } from '../host.js'
import type { EngineContext } from './engine-context.js'

export const PROVIDER_TEST_PROMPT =
  'Reply with one short sentence: say hello and name the model you are.'

/** Every configured provider, checked in parallel (`probe`: ask HTTP endpoints, default true). */
export async function listProviders(
  engine: EngineContext,
  options: { probe?: boolean; probeTimeoutMs?: number } = {},
): Promise<ProviderStatus[]> {
  return providerStatuses((await engine.providers()).entries, {
    env: engine.env,
    probe: options.probe ?? true,
    ...(options.probeTimeoutMs !== undefined ? { probeTimeoutMs: options.probeTimeoutMs } : {}),
  })
}

/** Sends the test prompt to one provider (no fallback); rejects with the provider's own error. */
export async function testProvider(
  engine: EngineContext,
  name: string,
  options: { timeoutMs?: number; signal?: AbortSignal; onText?: (text: string) => void } = {},
): Promise<ProviderResult> {
  const provider = (await engine.providers()).available.get(name)
  if (!provider) throw new DiscussionError(`No provider named "${name}".`)
  return completeWithFallback(
    [provider],
    {
      prompt: PROVIDER_TEST_PROMPT,
      ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onText ? { onText: options.onText } : {}),
    },
    monotonicMs,
  )
}

/** Makes `name` the default in the user's own settings; returns the file written. */
export async function setDefaultProvider(engine: EngineContext, name: string): Promise<string> {
  if (!(await engine.providers()).available.has(name))
    throw new DiscussionError(`No provider named "${name}".`)
  return saveDefaultProvider(userConfigDir(engine.env), name)
}

/** Trusts (or stops trusting) the engine's project; false when nothing changed. */
export async function trustTheProject(engine: EngineContext, trust: boolean): Promise<boolean> {
  const root = engine.projectRoot
  if (!root) throw new DiscussionError('This folder is not inside a project.')
  const configDir = userConfigDir(engine.env)
  return trust ? trustProject(root, configDir) : revokeTrust(root, configDir)
}
