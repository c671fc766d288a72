import { Button, Chip, Group, Input, Select, Stack, Text, Tooltip } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import { REQUEST_SCHEMAS } from '@shared/contract'
import type { PersonaInfo, TemplateInfo } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { fieldProblem, limitOf } from '../../lib/field-rules'
import type { FieldRule } from '../../lib/field-rules'
import { notifyError } from '../../notify'
import { CouncilFields, DEFAULT_COUNCIL } from '../Council/CouncilFields'
import type { CouncilSettings } from '../Council/CouncilFields'
import { Dialog } from '../Dialog/Dialog'
import { DialogActions } from '../Dialog/DialogActions'
import { DebateFields, DEFAULT_DEBATE, weightOf } from '../Debate/DebateFields'
import type { DebateSettings } from '../Debate/DebateFields'
import { CheckedTextarea, CheckedTextInput } from '../Fields/CheckedField'
import { RunBudget } from '../Budget/RunBudget'
import { useRunBudget } from '../Budget/useRunBudget'
import { useSettingsVersion } from '../SettingsLive/useSettingsVersion'

export interface NewDiscussionDialogProps {
  opened: boolean
  /** The folder the discussion file is written to. */
  folder: string
  onClose: () => void
  /** Called with the new file's path. */
  onCreated: (path: string) => void
}

const CREATE = REQUEST_SCHEMAS['discussions:create'].shape
const COUNCIL = REQUEST_SCHEMAS['councils:start'].shape
const DEBATE = REQUEST_SCHEMAS['debates:start'].shape

/** The title field's rule: the contract's limit for what the form starts. */
function titleRule(kind: 'discussion' | 'council' | 'debate'): FieldRule {
  if (kind === 'council')
    return { name: 'question', max: limitOf(COUNCIL.question), required: true }
  if (kind === 'debate') return { name: 'question', max: limitOf(DEBATE.title), required: true }
  return { name: 'title', max: limitOf(CREATE.title), required: true }
}

function contextRule(kind: 'discussion' | 'council' | 'debate'): FieldRule {
  // A council's question holds the title and the context together, under one limit.
  const max = kind === 'council' ? limitOf(COUNCIL.question) : limitOf(CREATE.context)
  return { name: 'context', max, required: false }
}

interface Choices {
  templates: TemplateInfo[]
  personas: PersonaInfo[]
}

/** Title, template, participants (chips from the persona registry) and context; opens the result. */
export function NewDiscussionDialog({
  opened,
  folder,
  onClose,
  onCreated,
}: NewDiscussionDialogProps): ReactNode {
  const api = useApi()
  const [choices, setChoices] = useState<Choices | null>(null)
  const [title, setTitle] = useState('')
  const [template, setTemplate] = useState<string | null>(null)
  const [participants, setParticipants] = useState<string[]>([])
  const [context, setContext] = useState('')
  const [busy, setBusy] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  // The council template starts a council (its own members and settings) instead.
  const [council, setCouncil] = useState<CouncilSettings>(DEFAULT_COUNCIL)
  const isCouncil = template === 'council'
  // The debate template starts a debate with weighted votes, run at once.
  const [debate, setDebate] = useState<DebateSettings>(DEFAULT_DEBATE)
  const isDebate = template === 'debate'
  const kind = isCouncil ? 'council' : isDebate ? 'debate' : 'discussion'

  const settings = useSettingsVersion() // templates and personas changed on disk: read again
  useEffect(() => {
    if (!opened) return
    Promise.all([call(api.templates.list({ folder })), call(api.personas.list({ folder }))])
      .then(([templates, personas]) => {
        setChoices({ templates, personas })
        const initial = templates.find((t) => t.name === 'feature') ?? templates[0]
        setTemplate((current) => current ?? initial?.name ?? null)
        setParticipants((current) => (current.length > 0 ? current : (initial?.participants ?? [])))
      })
      .catch((error: unknown) =>
        notifyError(error instanceof Error ? error.message : String(error)),
      )
  }, [api, folder, opened, settings])

  // A council or a debate runs at once: its estimate and caps come before Start.
  const runs = isCouncil || isDebate
  const question = [title.trim(), context.trim()].filter(Boolean).join('\n\n')
  const debateWeights = (): Record<string, number> =>
    Object.fromEntries(
      participants.map((alias) => [alias, weightOf(debate, alias, choices?.personas ?? [])]),
    )
  const debateRequest = () => ({
    folder,
    title: title.trim(),
    context,
    participants,
    weights: debateWeights(),
    maxRounds: debate.maxRounds,
  })
  const budget = useRunBudget(
    opened && choices !== null && runs,
    JSON.stringify(
      isCouncil
        ? [folder, question, council, settings]
        : [folder, title, context, participants, debateWeights(), debate.maxRounds, settings],
    ),
    (caps) =>
      isCouncil
        ? api.councils.estimate({ folder, question, ...council, caps })
        : api.debates.estimate({ ...debateRequest(), caps }),
  )

  const chosen = choices?.templates.find((t) => t.name === template)
  const pickTemplate = (name: string | null): void => {
    setTemplate(name)
    const next = choices?.templates.find((t) => t.name === name)
    if (next && next.participants.length > 0) setParticipants(next.participants)
  }
  const reset = (): void => {
    setTitle('')
    setContext('')
    setSubmitted(false)
  }
  const submit = async (): Promise<void> => {
    setSubmitted(true)
    if (fieldProblem(title, titleRule(kind)) || fieldProblem(context, contextRule(kind))) return
    if (runs && budget.blocked) return
    setBusy(true)
    try {
      const caps = budget.reading.caps
      const created = isCouncil
        ? await call(api.councils.start({ folder, question, ...council, caps }))
        : isDebate
          ? await call(api.debates.start({ ...debateRequest(), caps }))
          : await call(
              api.discussions.create({
                folder,
                title: title.trim(),
                template: template ?? undefined,
                participants,
                context,
              }),
            )
      reset()
      onCreated(created.path)
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Discussion not created')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog opened={opened} onClose={onClose} title="New discussion" size="lg" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <Stack gap="md">
          <CheckedTextInput
            label={isCouncil ? 'Question' : isDebate ? 'What should the debate decide?' : 'Title'}
            placeholder="Add user authentication"
            data-autofocus
            rule={titleRule(kind)}
            value={title}
            onValue={setTitle}
            submitted={submitted}
          />
          <Select
            label="Template"
            description={chosen ? chosen.phases.map((phase) => phase.title).join(' → ') : undefined}
            data={(choices?.templates ?? []).map((t) => ({
              value: t.name,
              label: t.title ? `${t.title} (${t.name})` : t.name,
            }))}
            value={template}
            onChange={pickTemplate}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {isCouncil && <CouncilFields value={council} onChange={setCouncil} />}
          {isDebate && (
            <DebateFields
              value={debate}
              onChange={setDebate}
              participants={participants}
              personas={choices?.personas ?? []}
            />
          )}
          <Input.Wrapper
            hidden={isCouncil}
            label="Participants"
            description={
              participants.length === 0
                ? 'None chosen: the configured default participants take part.'
                : `${participants.length} chosen`
            }
          >
            <Chip.Group multiple value={participants} onChange={setParticipants}>
              <Group gap={6} mt={6}>
                {(choices?.personas ?? []).map((persona) => (
                  <Tooltip
                    key={persona.alias}
                    label={`${persona.name} · ${persona.role}`}
                    openDelay={400}
                  >
                    <Chip value={persona.alias} size="sm" variant="light">
                      {persona.alias}
                    </Chip>
                  </Tooltip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
          <CheckedTextarea
            label="Context"
            hint={
              isCouncil
                ? 'More detail for the council (optional). Markdown.'
                : 'What should the participants know? Markdown.'
            }
            autosize
            minRows={4}
            maxRows={10}
            rule={contextRule(kind)}
            value={context}
            onValue={setContext}
            submitted={submitted}
          />
          {runs && <RunBudget budget={budget} submitted={submitted} />}
          <Text size="xs" c="dimmed" truncate>
            Saved in {folder}
          </Text>
          <DialogActions>
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {isCouncil ? 'Start council' : isDebate ? 'Start debate' : 'Create discussion'}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Dialog>
  )
}
