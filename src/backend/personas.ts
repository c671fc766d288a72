/** personas:read and personas:save: the participants manager's view of one persona. */
import { join } from 'node:path'

import { PROJECT_DATA_DIR } from '../node/config/load-config.js'
import { userConfigDir } from '../node/config/paths.js'
import { savePersonaFile } from '../node/config/persona-file.js'
import type { Engines } from './engines.js'
import { BackendError } from './errors.js'
import type { Handlers } from './router.js'
import type { Workspace } from './workspace.js'

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
      const open = await folderOf(folder)
      const engine = await engines.for(open)
      let root: string
      if (target === 'user') root = userConfigDir(engine.env)
      else if (engine.projectRoot) root = engine.projectRoot
      else
        throw new BackendError(
          `${open} is not inside a project (no discussions.yaml or .git above it): save to your own folder instead.`,
        )
      const current = (await engine.personas()).get(persona.alias)
      const dir =
        target === 'user' ? join(root, 'personas') : join(root, PROJECT_DATA_DIR, 'personas')
      const saved = await savePersonaFile(persona, dir, current?.file ?? null, root)
      engines.reset() // the registries are read again, with the saved persona
      return saved
    },
  }
}
