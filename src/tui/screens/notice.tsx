import { useKeys } from '../keys.js'
import { Text } from '../safe-text.js'
import { fit } from '../view-model/text.js'

/** A line instead of a screen (opening, a failure, a terminal too small); q quits, Esc goes back. */
export function Notice(props: {
  text: string
  columns: number
  active?: boolean
  onQuit: () => void
  onBack?: () => void
}): React.JSX.Element {
  useKeys((input, key) => {
    if (input === 'q') props.onQuit()
    else if (key.escape || input === 'b') props.onBack?.()
  }, props.active ?? true)
  return <Text>{fit(props.text, props.columns)}</Text>
}
