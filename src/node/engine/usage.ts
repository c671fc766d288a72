/**
 * `discussions usage`: what the discussions of a folder have spent, by discussion, provider and
 * persona, from the usage lines and council records in the files themselves.
 */
import { recordedUsage, sumBy, sumUsage } from '../../core/budget/totals.js'
import type { RecordedUsage, UsageSum } from '../../core/budget/totals.js'
import { listDiscussions } from '../store/discussion-folder.js'
import type { EngineContext } from './engine-context.js'

export interface FolderUsage {
  folder: string
  discussions: { path: string; title: string; spend: UsageSum }[]
  providers: { provider: string; spend: UsageSum }[]
  personas: { persona: string; spend: UsageSum }[]
  total: UsageSum
}

const rows = <K extends string>(sums: Map<string, UsageSum>, key: K) =>
  [...sums].map(
    ([name, spend]) => ({ [key]: name, spend }) as Record<K, string> & { spend: UsageSum },
  )

export async function usageIn(engine: EngineContext, folder: string): Promise<FolderUsage> {
  const listings = await listDiscussions(folder, { maxBytes: engine.store.maxBytes })
  const all: RecordedUsage[] = []
  const discussions: FolderUsage['discussions'] = []
  for (const listing of listings) {
    if (listing.note !== undefined) continue // over the size limit: not read whole
    const { parsed } = await engine.store.read(listing.path)
    const found = recordedUsage(parsed)
    all.push(...found)
    discussions.push({
      path: listing.path,
      title: listing.title,
      spend: sumUsage(found.map((item) => item.usage)),
    })
  }
  return {
    folder,
    discussions,
    providers: rows(
      sumBy(all, (item) => item.usage.provider),
      'provider',
    ),
    personas: rows(
      sumBy(all, (item) => item.author),
      'persona',
    ),
    total: sumUsage(all.map((item) => item.usage)),
  }
}
