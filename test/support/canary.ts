/**
 * A loopback HTTP server that records every request: any hit means a diagram reached the network.
 * It answers with plausible PlantUML, JSON and an image, so a fetch that happens also "works".
 */
import { createServer } from 'node:http'
import type { Server } from 'node:http'

export interface Canary {
  url: string
  requests: string[]
  close: () => Promise<void>
}

export async function startCanary(): Promise<Canary> {
  const requests: string[] = []
  const server: Server = createServer((request, response) => {
    requests.push(`${request.method ?? ''} ${request.url ?? ''}`)
    if (request.url?.includes('json')) response.end('{"leak":"canary-json"}')
    else response.end('@startuml\nCanaryA -> CanaryB : fetched\n@enduml\n')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
