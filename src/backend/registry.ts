/** personas:list and templates:list: the registries of an open folder's project. */
import type { Handlers } from './infra/router.js'
import type { Engines } from './infra/engines.js'
import type { Workspace } from '../node/engine/index.js'

type RegistryHandlers = Pick<Handlers, 'personas:list' | 'templates:list'>

export function registryHandlers(workspace: Workspace, engines: Engines): RegistryHandlers {
  const engineFor = async (folder: string | undefined) =>
    engines.for(folder ? (await workspace.resolveFolder(folder)).folder : workspace.defaultFolder())
  return {
    'personas:list': async ({ folder }) => {
      const registry = await (await engineFor(folder)).personas()
      return registry.list().map(({ persona, source }) => ({
        alias: persona.alias,
        name: persona.name,
        role: persona.role,
        type: persona.type,
        source,
      }))
    },
    'templates:list': async ({ folder }) => {
      const registry = await (await engineFor(folder)).templates()
      return registry.list().map(({ template, source }) => ({
        name: template.name,
        title: template.title,
        description: template.description,
        phases: template.phases.map(({ id, title, goal, voting }) => ({ id, title, goal, voting })),
        participants: template.participants,
        source,
      }))
    },
  }
}
