/** personas:read and personas:save: the participants manager's view of one persona. */
import type { Engines } from './infra/engines.js'
import { BackendError } from './infra/errors.js'
import type { Handlers } from './infra/router.js'
import type { Workspace } from '../node/engine/index.js'

type PersonaHandlers = Pick<Handlers, 'personas:read' | 'personas:save'>

export function personasHandlers(workspace: Workspace, engines: Engines): PersonaHandlers {
  const folderOf = async (folder: string | undefined): Promise<string> =>
    folder ? (await workspace.resolveFolder(folder)).folder : workspace.defaultFolder()
  return {
    'personas:read': async ({ alias, folder }) => {
      const engine = await engines.for(await folderOf(folder))
      const registry = await engine.personas()
      const entry = registry.get(alias)
      if (!entry) registry.require(alias) // throws the registry's own message (did you mean ...)
      if (!entry) throw new BackendError(`unknown persona "${alias}"`)
      return { persona: entry.persona, source: entry.source, file: entry.file }
    },

    'personas:save': async ({ folder, target, persona }) => {
      // A persona that runs a program is written by hand and trusted with `discussions trust`;
      // a page (or anyone holding its connection) must not be able to make one.
      if (persona.command !== undefined)
        throw new BackendError(
          `${persona.alias} runs a command: the app does not write commands. Edit its YAML file by hand instead.`,
        )
      const engine = await engines.for(await folderOf(folder))
      const saved = await engine.savePersona(persona, target)
      engines.reset() // the registries are read again, with the saved persona
      return saved
    },
  }
}
