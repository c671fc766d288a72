/** links:open: a link from a comment, checked, confirmed by the person, opened by the system. */
import type { BackendContext, DomainHandlers } from './infra/context.js'
import { checkExternalUrl } from './infra/links.js'

export function linksHandlers({ shell }: BackendContext): DomainHandlers<'links'> {
  return {
    handlers: {
      'links:open': async ({ url }) => {
        const checked = checkExternalUrl(url)
        if (!shell.openExternal) return { outcome: 'open-in-browser', url: checked }
        const opened = await shell.openExternal(checked)
        return { outcome: opened ? 'opened' : 'cancelled', url: checked }
      },
    },
  }
}
