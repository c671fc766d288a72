import { Group, Text, Textarea, TextInput } from '@mantine/core'
import type { TextareaProps, TextInputProps } from '@mantine/core'
import type { ReactNode } from 'react'

import { counterText, fieldProblem } from '../../lib/field-rules'
import { ERROR_TEXT } from '../../theme'
import type { FieldRule } from '../../lib/field-rules'

interface CheckedProps {
  rule: FieldRule
  value: string
  onValue: (value: string) => void
  /** Whether the person tried to submit: only then does an empty field say so. */
  submitted: boolean
  /** A hint shown before the counter. */
  hint?: string
}

/**
 * The counter under a limited field, with the hint beside it; it reads as a warning colour only
 * when the text is over the limit (the message under the field says by how much).
 */
function Counter({ rule, value, hint }: Pick<CheckedProps, 'rule' | 'value' | 'hint'>): ReactNode {
  if (rule.max === null) return hint
  const over = value.length > rule.max
  return (
    <Group component="span" justify="space-between" gap="xs" wrap="nowrap">
      <span>{hint}</span>
      <Text component="span" size="xs" c={over ? ERROR_TEXT : 'dimmed'} data-testid="field-counter">
        {counterText(value, rule.max)}
      </Text>
    </Group>
  )
}

/** What shows under the field now: a limit passed at once, a blank only after a submit. */
export function shownProblem(value: string, rule: FieldRule, submitted: boolean): string | null {
  const problem = fieldProblem(value, rule)
  if (problem === null) return null
  return submitted || value.trim() !== '' ? problem : null
}

/** What both kinds of field take from the rules: asterisk, value, counter, problem. */
function checkedProps({ rule, value, onValue, submitted, hint }: CheckedProps) {
  return {
    withAsterisk: rule.required,
    value,
    onChange: (event: { currentTarget: { value: string } }) => onValue(event.currentTarget.value),
    description: <Counter rule={rule} value={value} hint={hint} />,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as (
      'label' | 'input' | 'description' | 'error'
    )[],
    error: shownProblem(value, rule, submitted),
  }
}

/**
 * A one-line field under the form rules: no `required` attribute (so never the browser's bubble),
 * an asterisk when it is, the counter and limit under it, the problem in words below that. The
 * text over the limit is kept, never cut, so nothing typed or pasted is lost.
 */
export function CheckedTextInput({
  rule,
  value,
  onValue,
  submitted,
  hint,
  ...props
}: CheckedProps & Omit<TextInputProps, 'value' | 'onChange' | 'error' | 'description'>): ReactNode {
  return <TextInput {...props} {...checkedProps({ rule, value, onValue, submitted, hint })} />
}

/** The many-line field under the same rules. */
export function CheckedTextarea({
  rule,
  value,
  onValue,
  submitted,
  hint,
  ...props
}: CheckedProps & Omit<TextareaProps, 'value' | 'onChange' | 'error' | 'description'>): ReactNode {
  return <Textarea {...props} {...checkedProps({ rule, value, onValue, submitted, hint })} />
}
