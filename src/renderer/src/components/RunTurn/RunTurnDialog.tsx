import {
  Alert,
  Anchor,
  Button,
  Chip,
  Group,
  Input,
  Loader,
  Select,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'

import type { TurnCandidate, TurnPlanInfo } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { notifyError } from '../../notify'
import { forgetProvider, rememberedProvider, rememberProvider } from './remembered-provider'
import { calloutMentions } from './turn-state'
import { Dialog } from '../Dialog/Dialog'
import { DialogActions } from '../Dialog/DialogActions'
import { RunBudget } from '../Budget/RunBudget'
import { useRunBudget } from '../Budget/useRunBudget'
import { useSettingsVersion } from '../SettingsLive/useSettingsVersion'
import type { TurnRequest } from './turn-state'

export interface RunTurnDialogProps {
  opened: boolean
  path: string
  onClose: () => void
  /** Called once the backend accepted the turn, with who was asked for and how. */
  onStarted: (turnId: string, aliases: string[], request: TurnRequest) => void
  /** Opens the providers view (the demo notice links there). */
  onProviders: () => void
}

const SOURCE_LABEL: Record<TurnPlanInfo['source'], string> = {
  explicit: 'named for this turn',
  callout: 'mentioned in the callout',
  mentions: 'mentioned since their last answer',
  phase: "this phase's participants",
  participants: "the discussion's participants",
}

const DEFAULT_PROVIDER = ''

function chip(candidate: TurnCandidate): ReactNode {
  return (
    <Tooltip
      key={candidate.alias}
      label={candidate.name ? `${candidate.name} · ${candidate.role ?? ''}` : 'No persona file'}
      openDelay={400}
    >
      <Chip value={candidate.alias} size="sm" variant="light">
        @{candidate.alias}
      </Chip>
    </Tooltip>
  )
}

/** Who answers (chips, preselected as routing would pick), an optional callout, the provider. */
export function RunTurnDialog({
  opened,
  path,
  onClose,
  onStarted,
  onProviders,
}: RunTurnDialogProps): ReactNode {
  const api = useApi()
  const [plan, setPlan] = useState<TurnPlanInfo | null>(null)
  const [chosen, setChosen] = useState<string[]>([])
  const [callout, setCallout] = useState('')
  const [provider, setProvider] = useState<string>(DEFAULT_PROVIDER)
  const [busy, setBusy] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const startButton = useRef<HTMLButtonElement>(null)
  const calloutField = useRef<HTMLTextAreaElement>(null)

  useEffect(() => {
    if (!opened) return
    setPlan(null)
    call(api.turns.plan({ path })).then(
      (next) => {
        setPlan(next)
        setChosen(next.preselected)
        // The provider this discussion's last turn used, while it is still configured.
        const remembered = rememberedProvider(path)
        if (remembered && next.providers.includes(remembered)) setProvider(remembered)
        else {
          if (remembered) forgetProvider(path)
          setProvider(DEFAULT_PROVIDER)
        }
      },
      (error: unknown) => notifyError(error instanceof Error ? error.message : String(error)),
    )
  }, [api, path, opened])
  // Settings changed on disk while the dialog is open: the new providers and personas, keeping
  // what the person chose that still exists.
  const settings = useSettingsVersion()
  useEffect(() => {
    if (!opened || settings === 0) return
    call(api.turns.plan({ path })).then(
      (next) => {
        const known = new Set(next.candidates.map((candidate) => candidate.alias))
        setPlan(next)
        setChosen((current) => current.filter((alias) => known.has(alias)))
        setProvider((current) => (next.providers.includes(current) ? current : DEFAULT_PROVIDER))
      },
      () => {}, // the settings toast already says what is wrong
    )
  }, [api, path, opened, settings])
  // Once the plan is there, Enter starts the turn (or, with nobody chosen, the callout is next).
  useEffect(() => {
    if (!opened || !plan) return
    const button = startButton.current
    if (button && !button.disabled) button.focus()
    else calloutField.current?.focus()
  }, [opened, plan])

  const members = plan?.candidates.filter((candidate) => candidate.member) ?? []
  const others = plan?.candidates.filter((candidate) => !candidate.member) ?? []
  const known = (plan?.candidates ?? []).map((candidate) => candidate.alias)
  const mentioned = calloutMentions(callout, known)
  // Only names with a chip count: each one asked can be seen and unticked.
  const asked = [...new Set([...chosen, ...mentioned])].filter((alias) => known.includes(alias))
  const chosenProvider = provider === DEFAULT_PROVIDER ? undefined : provider
  const budget = useRunBudget(
    opened && plan !== null && asked.length > 0,
    // Settings changed on disk (prices, budget.*) make a new estimate too.
    JSON.stringify([path, asked, callout, chosenProvider, settings]),
    (caps) =>
      api.turns.estimate({
        path,
        participants: asked,
        ...(callout.trim() !== '' ? { callout } : {}),
        ...(chosenProvider ? { provider: chosenProvider } : {}),
        caps,
      }),
  )
  const start = async (): Promise<void> => {
    if (asked.length === 0) return
    setSubmitted(true)
    if (budget.blocked) return
    setBusy(true)
    const request: TurnRequest = {
      callout: callout.trim() === '' ? null : callout,
      provider: provider === DEFAULT_PROVIDER ? null : provider,
    }
    try {
      const { turnId } = await call(
        api.turns.start({
          path,
          participants: asked,
          callout: request.callout ?? undefined,
          provider: request.provider ?? undefined,
          caps: budget.reading.caps,
        }),
      )
      setCallout('')
      setSubmitted(false)
      if (request.provider) rememberProvider(path, request.provider)
      else forgetProvider(path)
      onStarted(turnId, asked, request)
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'The turn did not start')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog opened={opened} onClose={onClose} title="Run turn" size="lg" centered>
      {!plan ? (
        <Group justify="center" p="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault()
            void start()
          }}
        >
          <Stack gap="md">
            {plan.usingDemo && (
              <Alert color="yellow" p="xs" data-testid="turn-demo-notice">
                <Text size="sm">
                  Answers come from the offline demo provider (canned text).{' '}
                  <Anchor component="button" type="button" size="sm" onClick={onProviders}>
                    Set up a provider
                  </Anchor>
                </Text>
              </Alert>
            )}
            {plan.running && (
              <Alert color="blue" p="xs">
                A turn is already running on this discussion.
              </Alert>
            )}
            <Input.Wrapper
              label="Participants"
              description={`Preselected: ${SOURCE_LABEL[plan.source]}${plan.phase ? ` (phase ${plan.phase})` : ''}.`}
            >
              <Group gap="xs" mt={6}>
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => setChosen(members.map((m) => m.alias))}
                >
                  All participants
                </Button>
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => setChosen(plan.preselected)}
                >
                  {plan.source === 'phase' ? 'Phase defaults' : 'Suggested'}
                </Button>
                <Button size="compact-xs" variant="subtle" onClick={() => setChosen([])}>
                  None
                </Button>
              </Group>
              <Chip.Group multiple value={chosen} onChange={setChosen}>
                <Group gap={6} mt="xs" data-testid="turn-participants">
                  {members.map(chip)}
                </Group>
                {others.length > 0 && (
                  <>
                    <Text size="xs" c="dimmed" mt="sm">
                      Call in another persona
                    </Text>
                    <Group gap={6} mt={4}>
                      {others.map(chip)}
                    </Group>
                  </>
                )}
              </Chip.Group>
            </Input.Wrapper>
            <Textarea
              ref={calloutField}
              label="Callout"
              description="Optional: a question or instruction for this turn. @mentions in it are asked too."
              autosize
              minRows={2}
              maxRows={6}
              value={callout}
              onChange={(event) => setCallout(event.currentTarget.value)}
            />
            <Select
              label="Provider"
              description={
                provider === DEFAULT_PROVIDER
                  ? `This discussion's turns use ${plan.defaultProvider} unless a persona names its own.`
                  : `Remembered from this discussion's last turn: ${provider}.`
              }
              data-testid="turn-provider"
              data={[
                {
                  value: DEFAULT_PROVIDER,
                  label: `Default chain (${plan.defaultProvider}, each persona's choice first)`,
                },
                ...plan.providers.map((name) => ({ value: name, label: `${name} only` })),
              ]}
              value={provider}
              onChange={(value) => setProvider(value ?? DEFAULT_PROVIDER)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            {asked.length > 0 && <RunBudget budget={budget} submitted={submitted} />}
            <DialogActions>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button ref={startButton} type="submit" loading={busy} disabled={asked.length === 0}>
                Start turn ({asked.length})
              </Button>
            </DialogActions>
          </Stack>
        </form>
      )}
    </Dialog>
  )
}
