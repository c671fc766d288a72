import { Button, Group, Stack } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import { REQUEST_SCHEMAS } from '@shared/contract'
import type { CouncilInfo } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { call } from '../../api/client'
import { fieldProblem, limitOf } from '../../lib/field-rules'
import type { FieldRule } from '../../lib/field-rules'
import { notifyError } from '../../notify'
import { Dialog } from '../Dialog/Dialog'
import { CheckedTextarea } from '../Fields/CheckedField'
import { CouncilFields } from './CouncilFields'
import type { CouncilSettings } from './CouncilFields'

const QUESTION: FieldRule = {
  name: 'question',
  max: limitOf(REQUEST_SCHEMAS['councils:start'].shape.question),
  required: true,
}

export interface AskAgainDialogProps {
  opened: boolean
  info: CouncilInfo
  onClose: () => void
  /** Called with the new council's file once it started. */
  onStarted: (path: string) => void
}

/** The folder a file sits in: the new council is written beside the first. */
export function folderOf(path: string): string {
  return path.replace(/[\\/][^\\/]*$/, '')
}

/**
 * A new council on the same question: the question, members, flow, rounds, tier and ranking
 * start as the first council's and may be changed. It is written as a new file beside the first
 * (which stays as it is) and starts at once.
 */
export function AskAgainDialog({
  opened,
  info,
  onClose,
  onStarted,
}: AskAgainDialogProps): ReactNode {
  const api = useApi()
  const [question, setQuestion] = useState(info.question)
  const [settings, setSettings] = useState<CouncilSettings>(info.options)
  const [busy, setBusy] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  useEffect(() => {
    if (!opened) return
    setQuestion(info.question)
    setSettings(info.options)
    setSubmitted(false)
  }, [opened, info.question, info.options])

  const submit = async (): Promise<void> => {
    setSubmitted(true)
    if (fieldProblem(question, QUESTION)) return // said under the field
    setBusy(true)
    try {
      const started = await call(
        api.councils.start({
          folder: folderOf(info.path),
          question,
          ...settings,
          ...(info.provider ? { provider: info.provider } : {}),
        }),
      )
      onStarted(started.path)
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Council not started')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog opened={opened} onClose={onClose} title="Ask the council again" size="lg" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <Stack gap="md">
          <CheckedTextarea
            label="Question"
            hint="The first council's question; change it or keep it."
            rule={QUESTION}
            value={question}
            onValue={setQuestion}
            submitted={submitted}
            autosize
            minRows={2}
            maxRows={8}
          />
          <CouncilFields value={settings} onChange={setSettings} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Keep this council
            </Button>
            <Button type="submit" loading={busy}>
              Ask again
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  )
}
