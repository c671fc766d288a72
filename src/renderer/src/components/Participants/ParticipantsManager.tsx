import { Badge, Button, Grid, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core'
import { IconPlus } from '@tabler/icons-react'
import { useCallback, useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import type { PersonaInfo } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { FAILURE_COLOUR } from '../../lib/colours'
import { notifyError } from '../../notify'
import { DiscardChangesDialog } from './DiscardChangesDialog'
import { PersonaForm } from './PersonaForm'
import { BLANK_PERSONA, formValues, personaInput } from './persona-form'
import type { PersonaFormValues } from './persona-form'
import { Dialog } from '../Dialog/Dialog'
import { useSettingsVersion } from '../SettingsLive/useSettingsVersion'

export interface ParticipantsManagerProps {
  opened: boolean
  folder: string | null
  onClose: () => void
}

const SOURCE_COLOUR: Record<PersonaInfo['source'], string> = {
  project: 'grape',
  user: 'teal',
  bundled: 'gray',
}

interface Editing {
  /** The alias it was opened as; null: a new persona. */
  alias: string | null
  file: string | null
  source: PersonaInfo['source'] | null
  values: PersonaFormValues
  /** The values as last read or saved: Revert returns to them, and leaving asks when they differ. */
  saved: PersonaFormValues
}

const changed = (editing: Editing | null): boolean =>
  editing !== null && JSON.stringify(editing.values) !== JSON.stringify(editing.saved)

/** The personas of every layer with their origin; one of them, or a new one, in the form. */
export function ParticipantsManager({
  opened,
  folder,
  onClose,
}: ParticipantsManagerProps): ReactNode {
  const api = useApi()
  const [personas, setPersonas] = useState<PersonaInfo[]>([])
  const [editing, setEditing] = useState<Editing | null>(null)
  const [target, setTarget] = useState<'user' | 'project'>('user')
  const [saving, setSaving] = useState(false)
  // Said in the dialog, not in a toast: a toast sits below the dialog's overlay.
  const [savedNote, setSavedNote] = useState<string | null>(null)
  // The step a person asked for while edits were unsaved, until they keep or discard them.
  const [pending, setPending] = useState<(() => void) | null>(null)
  const [providers, setProviders] = useState<string[] | null>(null)
  const folderField = folder ? { folder } : {}
  const guard = (step: () => void): void => {
    if (changed(editing)) setPending(() => step)
    else step()
  }

  const reload = useCallback(() => {
    call(api.personas.list(folder ? { folder } : {})).then(setPersonas, (error: unknown) =>
      notifyError(error instanceof Error ? error.message : String(error)),
    )
  }, [api, folder])
  const settings = useSettingsVersion() // personas or providers changed on disk: read again
  useEffect(() => {
    if (opened) reload()
  }, [opened, reload, settings])
  useEffect(() => {
    if (!opened) return
    call(api.providers.list({ ...(folder ? { folder } : {}), probe: false })).then(
      (state) => setProviders(state.providers.map((provider) => provider.name)),
      () => setProviders(null), // no list, no warning: the hint is checked when a turn runs
    )
  }, [api, folder, opened, settings])

  const open = async (alias: string): Promise<void> => {
    try {
      const detail = await call(api.personas.read({ alias, ...folderField }))
      const values = formValues(detail.persona)
      setEditing({ alias, file: detail.file, source: detail.source, values, saved: values })
      setSavedNote(null)
      setTarget(detail.source === 'project' ? 'project' : 'user')
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error))
    }
  }

  const [deleting, setDeleting] = useState(false)
  const remove = async (): Promise<void> => {
    if (!editing?.alias) return
    const alias = editing.alias
    try {
      const deleted = await call(api.personas.delete({ alias, ...folderField }))
      setDeleting(false)
      setEditing(null)
      reload()
      setListNote(`Deleted @${alias} (${deleted.file}).`)
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Persona not deleted')
    }
  }
  const [listNote, setListNote] = useState<string | null>(null)

  const save = async (): Promise<void> => {
    if (!editing) return
    setSaving(true)
    try {
      const input = personaInput(editing.values)
      const saved = await call(
        api.personas.save({
          target,
          persona: input,
          ...folderField,
        }),
      )
      reload()
      await open(input.alias)
      setSavedNote(
        `${saved.replaced ? 'Updated' : 'Created'} @${input.alias}: saved to ${saved.file}`,
      )
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Persona not saved')
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog opened={opened} onClose={() => guard(onClose)} title="Participants" size="90%" centered>
      <DiscardChangesDialog
        what={pending === null ? null : editing?.alias ? `@${editing.alias}` : 'the new persona'}
        onKeep={() => setPending(null)}
        onDiscard={() => {
          const step = pending
          setPending(null)
          if (editing) setEditing({ ...editing, values: editing.saved })
          step?.()
        }}
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Button
            fullWidth
            variant="light"
            leftSection={<IconPlus size={16} />}
            mb="xs"
            onClick={() =>
              guard(() => {
                setEditing({
                  alias: null,
                  file: null,
                  source: null,
                  values: BLANK_PERSONA,
                  saved: BLANK_PERSONA,
                })
                setTarget('user')
                setSavedNote(null)
              })
            }
          >
            New persona
          </Button>
          <ScrollArea.Autosize mah="65vh" data-testid="persona-list">
            {personas.map((persona) => (
              <NavLink
                component="button"
                key={persona.alias}
                active={editing?.alias === persona.alias}
                onClick={() => guard(() => void open(persona.alias))}
                label={
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {persona.name}
                    </Text>
                    <Badge size="xs" variant="light" color={SOURCE_COLOUR[persona.source]}>
                      {persona.source}
                    </Badge>
                  </Group>
                }
                description={`@${persona.alias} · ${persona.role}${persona.type === 'background' ? ' · background' : ''}`}
                aria-label={`Persona ${persona.alias}`}
              />
            ))}
          </ScrollArea.Autosize>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          {editing ? (
            <Stack gap="xs">
              <Text size="xs" c="dimmed" data-testid="persona-origin">
                {editing.file
                  ? `${editing.source ?? ''} · ${editing.file}${editing.source === 'bundled' ? ' (saving makes your own copy)' : ''}`
                  : 'A new persona'}
              </Text>
              <PersonaForm
                values={editing.values}
                onChange={(values) => setEditing({ ...editing, values })}
                target={target}
                onTargetChange={setTarget}
                canSaveToProject
                saving={saving}
                onSave={() => void save()}
                changed={changed(editing)}
                onRevert={() => setEditing({ ...editing, values: editing.saved })}
                providers={providers}
              />
              {savedNote && (
                <Text size="sm" role="status" data-testid="persona-saved">
                  {savedNote}
                </Text>
              )}
              {editing.alias && editing.source !== 'bundled' && (
                <Group gap="xs" data-testid="persona-delete">
                  {deleting ? (
                    <>
                      <Text size="sm">
                        Delete @{editing.alias} ({editing.file})? A bundled persona of the same
                        alias shows again.
                      </Text>
                      <Button size="xs" color={FAILURE_COLOUR} onClick={() => void remove()}>
                        Delete for good
                      </Button>
                      <Button size="xs" variant="default" onClick={() => setDeleting(false)}>
                        Keep it
                      </Button>
                    </>
                  ) : (
                    <Button
                      size="xs"
                      variant="subtle"
                      color={FAILURE_COLOUR}
                      onClick={() => setDeleting(true)}
                    >
                      Delete persona…
                    </Button>
                  )}
                </Group>
              )}
            </Stack>
          ) : (
            <Text c="dimmed" size="sm" p="md">
              {listNote && (
                <Text
                  span
                  size="sm"
                  c="var(--mantine-color-text)"
                  role="status"
                  display="block"
                  mb="xs"
                  data-testid="persona-deleted"
                >
                  {listNote}
                </Text>
              )}
              Choose a persona to see and edit it, or create a new one. Bundled personas stay as
              they are: saving one makes your own copy, which takes its place.
            </Text>
          )}
        </Grid.Col>
      </Grid>
    </Dialog>
  )
}
