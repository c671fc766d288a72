import { Anchor, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

import type { SearchResultsInfo } from '@shared/contract'
import { routeHash } from '../../lib/route'

export interface SearchHitsProps {
  results: SearchResultsInfo
}

const where = (comment: number | null, author: string | null): string =>
  comment === null ? 'opening' : `comment ${comment} by ${author ?? '?'}`

/**
 * The best hits of a folder search, each a link to its comment (`#/discussion?path=…&comment=N`),
 * with the line that matched: the same hits, in the same order, as `discussions search` prints.
 */
export function SearchHits({ results }: SearchHitsProps): ReactNode {
  const more = results.total - results.hits.length
  return (
    <Paper withBorder p="xs" radius="md" data-testid="search-hits">
      <Text size="xs" c="dimmed" mb={4} role="status">
        {results.total === 0
          ? `No match in ${results.searched} discussions.`
          : `${results.total} ${results.total === 1 ? 'match' : 'matches'} in ${results.matched.length} of ${results.searched} discussions${more > 0 ? ` (the best ${results.hits.length} shown)` : ''}`}
      </Text>
      {results.hits.length > 0 && (
        <ScrollArea.Autosize mah={220}>
          <Stack gap={2} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {results.hits.map((hit) => (
              <li key={`${hit.path}:${hit.line}`} data-hit-path={hit.path} data-hit-line={hit.line}>
                <Anchor
                  href={routeHash({ view: 'discussion', path: hit.path, comment: hit.comment })}
                  underline="hover"
                  size="sm"
                  data-hit-comment={hit.comment ?? ''}
                >
                  <Group gap={6} wrap="nowrap">
                    <Text span size="sm" fw={600} truncate maw={260}>
                      {hit.title}
                    </Text>
                    <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {where(hit.comment, hit.author)} · line {hit.line}
                    </Text>
                    <Text span size="sm" truncate>
                      {hit.text}
                    </Text>
                  </Group>
                </Anchor>
              </li>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  )
}
