/**
 * personas:list, personas:read, personas:save and personas:delete: the personas of an open folder's project, the
 * user's and the bundled ones; the participants manager's view of one persona.
 */
import { personaSchema } from '../core/personas/schema.js'
import type { BackendContext, DomainHandlers } from './infra/context.js'
import { BackendError } from './infra/errors.js'

export function personasHandlers({
  workspace,
  engines,
}: BackendContext): DomainHandlers<'personas'> {
  const folderOf = async (folder: string | undefined): Promise<string> =>
    folder ? (await workspace.resolveFolder(folder)).folder : workspace.defaultFolder()
  return {
    handlers: {
      'personas:list': async ({ folder }) => {
        const registry = await (await engines.for(await folderOf(folder))).personas()
        return registry.list().map(({ persona, source }) => ({
          alias: persona.alias,
          name: persona.name,
          role: persona.role,
          type: persona.type,
          source,
        }))
      },

      'personas:read': async ({ alias, folder }) => {
        const engine = await engines.for(await folderOf(folder))
        const registry = await engine.personas()
        const entry = registry.get(alias)
        if (!entry) registry.require(alias) // throws the registry's own message (did you mean ...)
        if (!entry) throw new BackendError(`unknown persona "${alias}"`)
        return { persona: entry.persona, source: entry.source, file: entry.file }
      },

      'personas:save': async ({ folder, target, persona: wire }) => {
        // The contract checked the shape; the persona rules are the domain's own.
        const checked = personaSchema.safeParse(wire)
        if (!checked.success) {
          const [issue] = checked.error.issues
          const where = ['persona', ...(issue?.path ?? [])].join('.')
          throw new BackendError(`personas:save: ${where}: ${issue?.message ?? 'is not valid'}`)
        }
        const persona = checked.data
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

      'personas:delete': async ({ alias, folder }) => {
        const engine = await engines.for(await folderOf(folder))
        const file = await engine.deletePersona(alias)
        engines.reset() // read again: a bundled persona of the same alias shows again
        return { file }
      },
    },
  }
}
