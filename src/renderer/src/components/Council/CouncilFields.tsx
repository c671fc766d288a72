import { Checkbox, Group, NumberInput, SegmentedControl, Select, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** The council's settings as the new-discussion dialog collects them. */
export interface CouncilSettings {
  mode: 'personality' | 'dp'
  flow: 'parallel' | 'sequential' | 'debate'
  rounds: number
  tier: 'light' | 'medium' | 'heavy'
  rank: boolean
}

export const DEFAULT_COUNCIL: CouncilSettings = {
  mode: 'personality',
  flow: 'parallel',
  rounds: 1,
  tier: 'light',
  rank: false,
}

/** Calls a council of these settings makes, as the seed counts them. */
export function councilCalls(settings: CouncilSettings): number {
  if (settings.mode === 'dp') return settings.rounds === 1 ? 5 : 4 * settings.rounds + 1
  return 3 * settings.rounds + 1 + (settings.rank ? 3 : 0)
}

/** Who answers in each mode, in words, under the choice. */
const MEMBERS: Record<CouncilSettings['mode'], string> = {
  personality: 'A Pragmatist, a Visionary and a Skeptic answer; the Referee weighs them.',
  dp: 'Group D (grounded) and group P (exploratory) each ideate and shortlist; the Meta-Arbiter merges.',
}

export interface CouncilFieldsProps {
  value: CouncilSettings
  onChange: (value: CouncilSettings) => void
}

/**
 * Mode, flow, rounds, tier and ranking. Combinations the council refuses cannot be chosen: a
 * debate has at least 2 rounds, and ranking is for personality mode.
 */
export function CouncilFields({ value, onChange }: CouncilFieldsProps): ReactNode {
  const set = (patch: Partial<CouncilSettings>): void => {
    const next = { ...value, ...patch }
    if (next.flow === 'debate' && next.rounds < 2) next.rounds = patch.flow ? 3 : 2
    if (next.mode === 'dp') next.rank = false
    onChange(next)
  }
  return (
    <Stack gap="sm" data-testid="council-fields">
      <div>
        <Text size="sm" fw={500} mb={4} id="council-members-label">
          Members
        </Text>
        <SegmentedControl
          fullWidth
          aria-labelledby="council-members-label"
          value={value.mode}
          onChange={(mode) => set({ mode: mode })}
          data={[
            { value: 'personality', label: 'Advisors + Referee' },
            { value: 'dp', label: 'D and P groups + Meta-Arbiter' },
          ]}
        />
        <Text size="xs" c="dimmed" mt={4}>
          {MEMBERS[value.mode]}
        </Text>
      </div>
      <Group grow align="flex-start">
        <Select
          label="Flow"
          data={[
            { value: 'parallel', label: 'Parallel' },
            { value: 'sequential', label: 'Sequential' },
            { value: 'debate', label: 'Debate' },
          ]}
          value={value.flow}
          onChange={(flow) => flow && set({ flow: flow })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberInput
          label="Rounds"
          min={value.flow === 'debate' ? 2 : 1}
          max={5}
          value={value.rounds}
          onChange={(rounds) => typeof rounds === 'number' && set({ rounds })}
          clampBehavior="strict"
        />
      </Group>
      <Select
        label="Tier"
        description="Who gets the stronger provider"
        data={[
          { value: 'light', label: 'Light: everyone on the default provider' },
          { value: 'medium', label: 'Medium: the judge on the stronger provider' },
          { value: 'heavy', label: 'Heavy: everyone on the stronger provider' },
        ]}
        value={value.tier}
        onChange={(tier) => tier && set({ tier: tier })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Checkbox
        label="Anonymized peer ranking before the referee"
        description="Each advisor ranks the others' answers as Response A/B, without names."
        checked={value.rank}
        disabled={value.mode === 'dp'}
        onChange={(event) => set({ rank: event.currentTarget.checked })}
      />
      <Text size="xs" c="dimmed" data-testid="council-calls">
        {councilCalls(value)} model calls
      </Text>
    </Stack>
  )
}
