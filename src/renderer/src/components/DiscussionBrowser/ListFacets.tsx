import { Select } from '@mantine/core'
import type { ReactNode } from 'react'

import type { Facets } from './list-order'

export interface ListFacetsProps {
  facets: Facets
  values: { templates: string[]; phases: string[]; participants: string[] }
  onChange: (facets: Facets) => void
}

const ANY = '\u0000any'

const words = (value: string): string => value.replace(/_/g, ' ')

/** Template, phase and participant pickers for the list; each goes back to "any". */
export function ListFacets({ facets, values, onChange }: ListFacetsProps): ReactNode {
  const pick = (key: keyof Facets, label: string, options: string[]): ReactNode => (
    <Select
      key={key}
      aria-label={`Filter by ${label.toLowerCase()}`}
      placeholder={`Any ${label.toLowerCase()}`}
      // "Any" is an option of its own, so the filter clears from the keyboard as it was set.
      data={[
        { value: ANY, label: `Any ${label.toLowerCase()}` },
        ...options.map((value) => ({ value, label: words(value) })),
      ]}
      value={facets[key] ?? ANY}
      onChange={(value) => onChange({ ...facets, [key]: value === ANY ? null : value })}
      allowDeselect={false}
      searchable
      w={170}
      size="sm"
      comboboxProps={{ withinPortal: true }}
    />
  )
  return (
    <>
      {pick('template', 'Template', values.templates)}
      {pick('phase', 'Phase', values.phases)}
      {pick('participant', 'Participant', values.participants)}
    </>
  )
}
