import { Group, Input, NumberInput, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

import { defaultWeight } from '@core/debate/weights'
import type { PersonaInfo } from '@shared/contract'

export interface DebateSettings {
  /** Weights the person changed, by alias; the rest keep their role's default. */
  weights: Record<string, number>
  maxRounds: number
}

export const DEFAULT_DEBATE: DebateSettings = { weights: {}, maxRounds: 3 }

/** The weight `alias` votes with: the person's, else its role's default (2 / 1.5 / 1, as the CLI). */
export function weightOf(settings: DebateSettings, alias: string, personas: PersonaInfo[]): number {
  const role = personas.find((persona) => persona.alias === alias)?.role ?? ''
  return settings.weights[alias] ?? defaultWeight(alias, role) / 100
}

/** A debate's voting weight per participant (shown, editable) and its rounds before escalating. */
export function DebateFields({
  value,
  onChange,
  participants,
  personas,
}: {
  value: DebateSettings
  onChange: (value: DebateSettings) => void
  participants: string[]
  personas: PersonaInfo[]
}): ReactNode {
  return (
    <Stack gap="xs" data-testid="debate-fields">
      <Input.Wrapper
        label="Voting weights"
        description="By role, as the CLI: architects 2, experts 1.5, everyone else 1. A proposal needs 2/3 of the weight."
      >
        <Group gap="sm" mt={6}>
          {participants.length === 0 && (
            <Text size="sm" c="dimmed">
              Choose the participants below; the debate template&apos;s take part otherwise.
            </Text>
          )}
          {participants.map((alias) => (
            <NumberInput
              key={alias}
              label={`@${alias}`}
              aria-label={`Weight of @${alias}`}
              w={110}
              min={0.1}
              max={10}
              step={0.5}
              decimalScale={2}
              value={weightOf(value, alias, personas)}
              onChange={(weight) =>
                typeof weight === 'number' &&
                onChange({ ...value, weights: { ...value.weights, [alias]: weight } })
              }
            />
          ))}
        </Group>
      </Input.Wrapper>
      <NumberInput
        label="Rounds before you decide"
        description="Without a 2/3 majority by then, the debate escalates to you."
        w={220}
        min={1}
        max={10}
        value={value.maxRounds}
        onChange={(rounds) =>
          typeof rounds === 'number' && onChange({ ...value, maxRounds: rounds })
        }
      />
    </Stack>
  )
}
