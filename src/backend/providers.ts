/** providers:list, providers:test, providers:setDefault, providers:trust: the providers view. */
import { completeWithFallback } from '../core/providers/fallback.js'
import { saveDefaultProvider } from '../node/config/default-provider.js'
import { userConfigDir } from '../node/config/paths.js'
import { providerStatuses, revokeTrust, trustProject } from '../node/engine/provider-setup.js'
import type { ProviderInfo } from '../shared/contract/index.js'
import type { Engines } from './engines.js'
import { BackendError } from './errors.js'
import type { Handlers } from './router.js'
import { errorMessage } from './router.js'
import type { Workspace } from './workspace.js'

type ProviderHandlers = Pick<
  Handlers,
  'providers:list' | 'providers:test' | 'providers:setDefault' | 'providers:trust'
>

const TEST_PROMPT = 'Reply with one short sentence: say hello and name the model you are.'
// Under the browser mode's 60 s call limit, so a slow provider fails here with its own message.
const TEST_TIMEOUT_MS = 50_000

export function providersHandlers(workspace: Workspace, engines: Engines): ProviderHandlers {
  const engineFor = async (folder: string | undefined) =>
    engines.for(folder ? (await workspace.resolveFolder(folder)).folder : workspace.defaultFolder())
  return {
    'providers:list': async ({ folder, probe }) => {
      const engine = await engineFor(folder)
      const loaded = await engine.providers()
      const providers: ProviderInfo[] = await providerStatuses(loaded.entries, {
        env: engine.env,
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
      const provider = (await engine.providers()).available.get(name)
      if (!provider) throw new BackendError(`No provider named "${name}".`)
      let result: Awaited<ReturnType<typeof completeWithFallback>>
      try {
        result = await completeWithFallback(
          [provider],
          { prompt: TEST_PROMPT, timeoutMs: TEST_TIMEOUT_MS },
          () => performance.now(),
        )
      } catch (error) {
        // A provider that fails its test is an answer for the person, not a bug.
        throw new BackendError(`${name} failed: ${errorMessage(error)}`)
      }
      return {
        text: result.text,
        provider: result.provider,
        durationMs: result.durationMs,
        usage: result.usage,
        costUsd: result.costUsd,
      }
    },

    'providers:setDefault': async ({ folder, name }) => {
      const open = folder
        ? (await workspace.resolveFolder(folder)).folder
        : workspace.defaultFolder()
      const engine = await engines.for(open)
      if (!(await engine.providers()).available.has(name))
        throw new BackendError(`No provider named "${name}".`)
      const file = await saveDefaultProvider(userConfigDir(engine.env), name)
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
      const engine = await engineFor(folder)
      const root = engine.projectRoot
      if (!root) throw new BackendError('This folder is not inside a project.')
      const configDir = userConfigDir(engine.env)
      if (trust) await trustProject(root, configDir)
      else await revokeTrust(root, configDir)
      engines.reset()
      return { trusted: trust }
    },
  }
}
