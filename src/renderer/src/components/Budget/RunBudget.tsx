import { Alert, Fieldset, Group, Loader, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import type { ReactNode } from 'react'

import { formatCost } from '@core/providers/usage'
import type { RunEstimateInfo } from '@shared/contract'
import { EstimateTable } from './EstimateTable'
import type { RunBudgetState } from './useRunBudget'

export interface RunBudgetProps {
  /** The fields and the estimate, from `useRunBudget`. */
  budget: Pick<RunBudgetState, 'text' | 'setText' | 'reading' | 'estimated'>
  /** The person tried to start: every problem shows, touched or not. */
  submitted: boolean
}

/** Why Start is refused with these caps, in words naming the providers; null when it is not. */
export function budgetRefusal(estimate: RunEstimateInfo | null): string | null {
  const unpriced = estimate?.budget.unpricedUnderCap ?? []
  if (unpriced.length === 0) return null
  const names = unpriced.map((name) => `"${name}"`).join(', ')
  const one = unpriced.length === 1
  return `A dollar cap needs every provider's price, and ${names} ${one ? 'has' : 'have'} no prices in providers.yaml. Add prices to ${one ? 'it' : 'them'}, or clear Max cost and cap Max tokens instead.`
}

/** The caps in force, in words: what the fields and the settings add up to. */
function capsInForce(estimate: RunEstimateInfo): string {
  const { budget } = estimate
  const parts = [
    budget.maxCostUsd !== null ? `${formatCost(budget.maxCostUsd)}` : null,
    budget.maxTotalTokens !== null
      ? `${budget.maxTotalTokens.toLocaleString('en-US')} tokens`
      : null,
  ].filter((part): part is string => part !== null)
  if (parts.length === 0) return 'No cap is in force: the run may spend what the estimate says.'
  const over =
    budget.maxCostUsd !== null &&
    estimate.total.costUsd !== null &&
    estimate.total.costUsd.high > budget.maxCostUsd
      ? ' The worst case is above it: a call the rest cannot cover is skipped, and what arrived is kept.'
      : ''
  return `Cap in force: ${parts.join(' and ')}.${over}`
}

/**
 * Max cost (USD) and Max tokens, typed as text and read as the CLI reads its flags, and the
 * engine's estimate for what the dialog has chosen, with the refusal Start would meet.
 */
export function RunBudget({ budget, submitted }: RunBudgetProps): ReactNode {
  const { text, setText: onText, reading, estimated } = budget
  const [touched, setTouched] = useState({ cost: false, tokens: false })
  const { estimate, error, pending } = estimated
  const refusal = budgetRefusal(estimate)
  const settings = estimate?.budget.settings
  const costHint =
    settings?.maxCostPerRun != null
      ? `Prefilled from budget.max_cost_per_run. Blank: that cap still applies.`
      : 'Blank: no cap on dollars for this run.'
  return (
    <Fieldset legend="Budget" variant="unstyled" data-testid="run-budget">
      <Group grow align="flex-start">
        <TextInput
          label="Max cost (USD)"
          placeholder="0.50"
          inputMode="decimal"
          description={costHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={text.maxCost}
          onChange={(event) => onText({ ...text, maxCost: event.currentTarget.value })}
          onBlur={() => setTouched((current) => ({ ...current, cost: true }))}
          error={submitted || touched.cost ? reading.costProblem : null}
        />
        <TextInput
          label="Max tokens"
          placeholder="20000"
          inputMode="numeric"
          description="In and out, all calls together. Blank: no token cap."
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={text.maxTokens}
          onChange={(event) => onText({ ...text, maxTokens: event.currentTarget.value })}
          onBlur={() => setTouched((current) => ({ ...current, tokens: true }))}
          error={submitted || touched.tokens ? reading.tokensProblem : null}
        />
      </Group>
      <div aria-live="polite">
        {!estimate && !error && (
          <Group gap="xs" mt="xs">
            <Loader size="xs" />
            <Text size="xs">Estimating…</Text>
          </Group>
        )}
        {error && (
          <Text size="xs" mt="xs" data-testid="estimate-error">
            No estimate: {error}
          </Text>
        )}
        {estimate && (
          <div data-pending={pending || undefined}>
            <Group gap="xs" mt="xs" mb={2}>
              <Text size="sm" fw={500}>
                Estimate before it runs
              </Text>
              {/* Said in words, not by fading the figures: faded text would be hard to read. */}
              {pending && (
                <Text size="xs" c="dimmed">
                  updating…
                </Text>
              )}
            </Group>
            <EstimateTable estimate={estimate} />
            <Text size="xs" mt={4} data-testid="estimate-caps">
              {capsInForce(estimate)}
            </Text>
          </div>
        )}
        {refusal && (
          <Alert color="red" p="xs" mt="xs" data-testid="budget-refusal">
            <Text size="sm">{refusal}</Text>
          </Alert>
        )}
      </div>
    </Fieldset>
  )
}
