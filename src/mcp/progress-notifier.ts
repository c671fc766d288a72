/**
 * Progress notifications for a status call that waits: sent only when the client asked for them
 * (a progress token on the request). The spec wants `progress` to grow with every notification,
 * so it counts them; the message says where the run is.
 */
import type { ServerContext } from '@modelcontextprotocol/server'

export function progressNotifier(ctx: ServerContext): (message: string) => void {
  const token = ctx.mcpReq._meta?.progressToken
  if (token === undefined) return () => {}
  let sent = 0
  return (message) => {
    sent++
    // A client that went away takes its notifications with it; nothing here depends on them.
    void ctx.mcpReq
      .notify({
        method: 'notifications/progress',
        params: { progressToken: token, progress: sent, message },
      })
      .catch(() => undefined)
  }
}
