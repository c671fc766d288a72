import { Button, Group, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import type { RunCapsInfo } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { RunBudget } from '../Budget/RunBudget'
import { useRunBudget } from '../Budget/useRunBudget'
import { Dialog } from '../Dialog/Dialog'

export interface ResumeDialogProps {
  opened: boolean
  /** The council's file. */
  path: string
  busy: boolean
  onClose: () => void
  /** Resumes with these caps (empty: the settings' `budget.*`). */
  onResume: (caps: RunCapsInfo) => void
}

/**
 * Resuming a council that stopped, with a new budget: the estimate of only the calls left
 * (`council resume --estimate`) and Max cost / Max tokens, as the run dialogs have them. A
 * council the budget stopped goes on with the budget typed here (`council resume --max-cost`).
 */
export function ResumeDialog({
  opened,
  path,
  busy,
  onClose,
  onResume,
}: ResumeDialogProps): ReactNode {
  const api = useApi()
  const [submitted, setSubmitted] = useState(false)
  useEffect(() => {
    if (opened) setSubmitted(false)
  }, [opened])
  const budget = useRunBudget(opened, path, (caps) => api.councils.resumeEstimate({ path, caps }))
  const submit = (): void => {
    setSubmitted(true)
    if (budget.blocked) return // said under the field, or in the estimate
    onResume(budget.reading.caps)
  }
  return (
    <Dialog opened={opened} onClose={onClose} title="Resume the council" size="lg" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Only the calls the council has not answered yet are made; the answers in its file stay
            as they are.
          </Text>
          <RunBudget budget={budget} submitted={submitted} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Not now
            </Button>
            <Button type="submit" loading={busy} data-testid="council-resume-start">
              Resume council
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  )
}
