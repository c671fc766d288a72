import { Box } from 'ink'
import { useEffect, useRef, useState } from 'react'

import { useKeys } from '../keys.js'

import type { OpenDiscussion, TuiSession } from '../session.js'
import { tint } from '../theme.js'
import { fit, wrap } from '../view-model/text.js'
import { Text } from '../safe-text.js'

/** Moving to the next phase, with what happens to the votes said before it is done. */
export function AdvanceScreen(props: {
  session: TuiSession
  open: OpenDiscussion
  columns: number
  colors: boolean
  onDone: (note: string) => void
  onCancel: () => void
}): React.JSX.Element {
  const { session, open, columns, colors } = props
  const [plan, setPlan] = useState<{ from: string; to: string } | { error: string } | null>(null)
  const [working, setWorking] = useState(false)
  // A second `y` typed before the first has drawn must not advance twice.
  const started = useRef(false)
  useEffect(() => {
    session.nextPhase(open).then(setPlan, (failure: unknown) => setPlan({ error: String(failure) }))
  }, [session, open])

  const keys = useKeys(
    (input, key) => {
      if (started.current || plan === null) return
      if ('error' in plan) props.onCancel()
      else if (input === 'y') {
        started.current = true
        setWorking(true)
        keys.hold()
        session.engine.advance(open.path).then(
          ({ from, to }) => props.onDone(`Advanced from ${from} to ${to}; votes start again.`),
          (failure: unknown) =>
            props.onDone(failure instanceof Error ? failure.message : String(failure)),
        )
      } else if (input === 'n' || key.escape || input === 'q' || key.return) props.onCancel()
    },
    plan !== null && !working,
  )

  const votes = Object.keys(open.view.votes).length
  const explanation =
    plan === null
      ? ['Reading the template…']
      : 'error' in plan
        ? [plan.error, '', 'Any key goes back.']
        : [
            `Move "${open.view.title ?? open.path}" from ${plan.from} to ${plan.to}?`,
            '',
            `Votes reset: the ${votes} vote${votes === 1 ? '' : 's'} cast in ${plan.from} stay in the file but no longer count; consensus in ${plan.to} counts only votes cast after the move.`,
            '',
            'y advances · n or Esc keeps the phase',
          ]
  return (
    <Box flexDirection="column">
      <Text bold inverse>
        {fit('Advance the phase', columns)}
      </Text>
      {explanation
        .flatMap((line) => (line === '' ? [' '] : wrap(line, columns)))
        .map((line, index) => (
          <Text key={index} {...(plan !== null && 'error' in plan ? tint('red', colors) : {})}>
            {line}
          </Text>
        ))}
      {working && <Text>Advancing…</Text>}
    </Box>
  )
}
