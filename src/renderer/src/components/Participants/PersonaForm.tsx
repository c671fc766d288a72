import {
  Alert,
  Button,
  Group,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import type { ReactNode } from 'react'

import { personaErrors } from './persona-form'
import type { PersonaFormValues } from './persona-form'
import { ATTENTION_COLOUR } from '../../lib/colours'
import { ERROR_TEXT } from '../../theme'

export interface PersonaFormProps {
  values: PersonaFormValues
  onChange: (values: PersonaFormValues) => void
  /** Where it may be saved; `project` only inside a project. */
  target: 'user' | 'project'
  onTargetChange: (target: 'user' | 'project') => void
  canSaveToProject: boolean
  saving: boolean
  onSave: () => void
  /** Whether the values differ from the saved ones: Revert is offered then. */
  changed: boolean
  onRevert: () => void
  /** The configured providers' names; null: not known (no warning then). */
  providers: readonly string[] | null
}

/** A warning for a hint that names no configured provider: a turn would use the default. */
export function hintWarning(hint: string, providers: readonly string[] | null): string | null {
  const name = hint.trim()
  if (name === '' || providers === null || providers.includes(name)) return null
  return `No provider named “${name}” is configured here; turns will use the default provider. Configured: ${providers.join(', ') || 'none'}.`
}

/** A persona's fields, each checked against the persona schema as it is typed. */
export function PersonaForm({
  values,
  onChange,
  target,
  onTargetChange,
  canSaveToProject,
  saving,
  onSave,
  changed,
  onRevert,
  providers,
}: PersonaFormProps): ReactNode {
  const errors = personaErrors(values)
  const warning = hintWarning(values.provider_hint, providers)
  const valid = Object.keys(errors).length === 0
  const set = <K extends keyof PersonaFormValues>(key: K, value: PersonaFormValues[K]): void =>
    onChange({ ...values, [key]: value })
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault()
        if (valid) onSave()
      }}
    >
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput
            label="Name"
            description="How its comments are signed"
            value={values.name}
            error={errors.name}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          <TextInput
            label="Alias"
            description="How it is @mentioned"
            value={values.alias}
            error={errors.alias}
            onChange={(event) => set('alias', event.currentTarget.value)}
          />
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label="Role"
            value={values.role}
            error={errors.role}
            onChange={(event) => set('role', event.currentTarget.value)}
          />
          <TextInput
            label="Provider hint"
            description="Empty: the default provider"
            value={values.provider_hint}
            error={errors.provider_hint}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            onChange={(event) => set('provider_hint', event.currentTarget.value)}
          />
        </Group>
        {warning && !errors.provider_hint && (
          <Alert color={ATTENTION_COLOUR} p="xs" data-testid="provider-hint-warning">
            <Text size="sm">{warning}</Text>
          </Alert>
        )}
        <div>
          <Text size="sm" fw={500} mb={4}>
            Type
          </Text>
          <SegmentedControl
            aria-label="Type"
            value={values.type}
            onChange={(value) => set('type', value)}
            data={[
              { value: 'voting', label: 'Voting' },
              { value: 'background', label: 'Background (comments only)' },
            ]}
          />
        </div>
        <Textarea
          label="Personality"
          description="The system prompt: perspective, behaviour and answer format"
          autosize
          minRows={6}
          maxRows={14}
          value={values.personality}
          error={errors.personality}
          onChange={(event) => set('personality', event.currentTarget.value)}
        />
        <TagsInput
          label="Expertise"
          description="Press Enter after each"
          value={values.expertise}
          error={errors.expertise}
          onChange={(value) => set('expertise', value)}
        />
        <Textarea
          label="Concerns"
          description="Questions it keeps asking, one a line"
          autosize
          minRows={2}
          maxRows={8}
          value={values.concerns}
          error={errors.concerns}
          onChange={(event) => set('concerns', event.currentTarget.value)}
        />
        {errors.form && (
          <Text c={ERROR_TEXT} size="sm">
            {errors.form}
          </Text>
        )}
        <Group justify="space-between">
          <Group gap="xs">
            <Text size="sm">Save to</Text>
            <SegmentedControl
              aria-label="Save to"
              size="xs"
              value={target}
              onChange={(value) => onTargetChange(value)}
              data={[
                { value: 'user', label: 'My personas' },
                { value: 'project', label: 'This project', disabled: !canSaveToProject },
              ]}
            />
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={onRevert} disabled={!changed}>
              Revert
            </Button>
            <Button type="submit" loading={saving} disabled={!valid}>
              Save persona
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  )
}
