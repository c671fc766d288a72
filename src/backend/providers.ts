/** providers:list, providers:test, providers:setDefault, providers:trust: the providers view. */
import type { ProviderResult } from '../core/providers/port.js'
import type { ProviderInfo } from '../shared/contract/index.js'
import type { BackendContext, DomainHandlers } from './infra/context.js'
import { BackendError } from './infra/errors.js'
import { errorMessage } from './infra/router.js'

// Under the browser mode's 60 s call limit, so a slow provider fails here with its own message.
const TEST_TIMEOUT_MS = 50_000

export function providersHandlers({
  workspace,
  engines,
}: BackendContext): DomainHandlers<'providers'> {
  const engineFor = async (folder: string | undefined) =>
    engines.for(folder ? (await workspace.resolveFolder(folder)).folder : workspace.defaultFolder())
  /** The tests running now, by folder and provider: what `providers:cancelTest` aborts. */
  const running = new Map<string, AbortController>()
  const testKey = (folder: string | undefined, name: string): string =>
    JSON.stringify([folder ?? null, name])
  return {
    close: () => {
      for (const controller of running.values()) controller.abort()
    },
    handlers: {
      'providers:list': async ({ folder, probe }) => {
        const engine = await engineFor(folder)
        const loaded = await engine.providers()
        const providers: ProviderInfo[] = await engine.providerStatuses({
          probe: probe ?? true,
          probeTimeoutMs: 1500,
        })
        const own = loaded.entries.filter((entry) => entry.source === 'project')
        const commands = (await engine.personas())
          .list()
          .filter((entry) => entry.source === 'project' && entry.persona.command !== undefined)
        const brings = [
          ...(own.length > 0 && loaded.projectFile
            ? [`${loaded.projectFile}: ${own.map((entry) => entry.name).join(', ')}`]
            : []),
          ...commands.map(
            ({ persona, file }) =>
              `${file}: @${persona.alias} runs ${[persona.command ?? []].flat().join(' ')}`,
          ),
        ]
        return {
          providers,
          defaultName: loaded.defaultName,
          fallback: loaded.fallback,
          usingDemo: loaded.available.get(loaded.defaultName)?.kind === 'demo',
          configured: loaded.configured,
          problems: loaded.problems.map((problem) => problem.message),
          project:
            loaded.projectRoot && brings.length > 0
              ? { root: loaded.projectRoot, brings, trusted: loaded.projectTrusted }
              : null,
          userFile: loaded.userFile,
        }
      },

      'providers:test': async ({ folder, name }) => {
        const engine = await engineFor(folder)
        if (!(await engine.providers()).available.has(name))
          throw new BackendError(`No provider named "${name}".`)
        const key = testKey(folder, name)
        running.get(key)?.abort() // a new test of the same provider replaces the one before
        const controller = new AbortController()
        running.set(key, controller)
        let result: ProviderResult
        try {
          result = await engine.testProvider(name, {
            timeoutMs: TEST_TIMEOUT_MS,
            signal: controller.signal,
          })
        } catch (error) {
          // A provider that fails its test is an answer for the person, not a bug.
          throw new BackendError(`${name} failed: ${errorMessage(error)}`)
        } finally {
          if (running.get(key) === controller) running.delete(key)
        }
        return {
          text: result.text,
          provider: result.provider,
          durationMs: result.durationMs,
          usage: result.usage,
          costUsd: result.costUsd,
        }
      },

      'providers:cancelTest': ({ folder, name }) => {
        const controller = running.get(testKey(folder, name))
        controller?.abort()
        return Promise.resolve(controller !== undefined)
      },

      'providers:setDefault': async ({ folder, name }) => {
        const open = folder
          ? (await workspace.resolveFolder(folder)).folder
          : workspace.defaultFolder()
        const file = await (await engines.for(open)).setDefaultProvider(name)
        engines.reset()
        const after = await engines.for(open)
        const chosen = after.config.providers.default
        const note =
          chosen !== name
            ? `This project's discussions.yaml sets providers.default: ${chosen ?? '(none)'}, which wins here.`
            : null
        return { file, note }
      },

      'providers:trust': async ({ folder, trust }) => {
        await (await engineFor(folder)).trustProject(trust)
        engines.reset()
        return { trusted: trust }
      },
    },
  }
}
