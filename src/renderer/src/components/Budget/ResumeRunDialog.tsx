import { Button, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import type { Reply, RunCapsInfo, RunEstimateInfo } from '@shared/contract'
import { Dialog } from '../Dialog/Dialog'
import { DialogActions } from '../Dialog/DialogActions'
import { RunBudget } from './RunBudget'
import { useRunBudget } from './useRunBudget'

export interface ResumeRunDialogProps {
  opened: boolean
  /** "Resume the council", "Run the debate". */
  title: string
  /** What going on does, in a sentence. */
  explanation: string
  /** The button that starts it: "Resume council". */
  action: string
  /** The file the run goes on in (what the estimate is of). */
  path: string
  /** The engine's estimate of what is left to run, under `caps`. */
  estimate: (caps: RunCapsInfo) => Promise<Reply<RunEstimateInfo>>
  busy: boolean
  onClose: () => void
  /** Goes on with these caps (empty: the settings' `budget.*`). */
  onResume: (caps: RunCapsInfo) => void
  testId: string
}

/**
 * Going on with a council or a debate that stopped, with a new budget: the estimate of only what
 * is left (`council resume --estimate`, `debate run --estimate`) and Max cost / Max tokens, as
 * the run dialogs have them; a run the budget stopped goes on under the budget typed here.
 */
export function ResumeRunDialog(props: ResumeRunDialogProps): ReactNode {
  const { opened, path, busy, onClose } = props
  const [submitted, setSubmitted] = useState(false)
  useEffect(() => {
    if (opened) setSubmitted(false)
  }, [opened])
  const budget = useRunBudget(opened, path, props.estimate)
  const submit = (): void => {
    setSubmitted(true)
    if (budget.blocked) return // said under the field, or in the estimate
    props.onResume(budget.reading.caps)
  }
  return (
    <Dialog opened={opened} onClose={onClose} title={props.title} size="lg" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <Stack gap="md">
          <Text size="sm">{props.explanation}</Text>
          <RunBudget budget={budget} submitted={submitted} />
          <DialogActions>
            <Button variant="default" onClick={onClose}>
              Not now
            </Button>
            <Button type="submit" loading={busy} data-testid={props.testId}>
              {props.action}
            </Button>
          </DialogActions>
        </Stack>
      </form>
    </Dialog>
  )
}
