/** templates:list: the templates of an open folder's project, the user's and the bundled ones. */
import type { BackendContext, DomainHandlers } from './infra/context.js'

export function templatesHandlers({
  workspace,
  engines,
}: BackendContext): DomainHandlers<'templates'> {
  return {
    handlers: {
      'templates:list': async ({ folder }) => {
        const open = folder
          ? (await workspace.resolveFolder(folder)).folder
          : workspace.defaultFolder()
        const registry = await (await engines.for(open)).templates()
        return registry.list().map(({ template, source }) => ({
          name: template.name,
          title: template.title,
          description: template.description,
          phases: template.phases.map(({ id, title, goal, voting }) => ({
            id,
            title,
            goal,
            voting,
          })),
          participants: template.participants,
          source,
        }))
      },
    },
  }
}
