import { Group, Paper, Text, Textarea } from '@mantine/core'
import type { TextareaProps } from '@mantine/core'
import { useId, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'

import { completeMention, matchMentions, mentionAt } from './mention-query'
import type { MentionCandidate, MentionQuery } from './mention-query'
import classes from './MentionTextarea.module.css'

export interface MentionTextareaProps extends Omit<TextareaProps, 'value' | 'onChange'> {
  value: string
  onValueChange: (text: string) => void
  /** Who `@` offers, participants first. */
  candidates: readonly MentionCandidate[]
}

/**
 * The composer's text with @mention completion: typing `@` lists the discussion's participants
 * and the folder's personas, narrowed as one types; arrows choose, Enter or Tab writes the alias,
 * Esc puts the list away (and only the list: the composer stays open). The text box names the
 * listbox it completes from and the option chosen (aria-controls, aria-activedescendant).
 */
export function MentionTextarea({
  value,
  onValueChange,
  candidates,
  ...props
}: MentionTextareaProps): ReactNode {
  const field = useRef<HTMLTextAreaElement>(null)
  const [query, setQuery] = useState<MentionQuery | null>(null)
  const [dismissed, setDismissed] = useState<number | null>(null)
  const [chosen, setChosen] = useState(0)
  const listId = useId()
  const options = useMemo(
    () => (query ? matchMentions(candidates, query.text) : []),
    [candidates, query],
  )
  const open = query !== null && dismissed !== query.start && options.length > 0
  const current = Math.min(chosen, Math.max(options.length - 1, 0))

  const follow = (text: string, caret: number): void => {
    const next = mentionAt(text, caret)
    setQuery(next)
    if (next?.start !== query?.start) setChosen(0)
    if (next === null) setDismissed(null)
  }
  const accept = (candidate: MentionCandidate | undefined): void => {
    const element = field.current
    if (!candidate || !element || !query) return
    const done = completeMention(value, element.selectionStart, query, candidate.alias)
    onValueChange(done.text)
    setQuery(null)
    requestAnimationFrame(() => element.setSelectionRange(done.caret, done.caret))
  }
  const optionId = (index: number): string => `${listId}-${index}`

  return (
    <div className={classes.wrap}>
      <Textarea
        {...props}
        ref={field}
        value={value}
        // A multi-line text box keeps its textbox role (a combobox is one line); it still names
        // the list it completes from and the option chosen in it, which is what is read out.
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(current) : undefined}
        // Marks the key as the list's, so Esc closes the list and not the composer around it.
        data-mantine-stop-propagation={open || undefined}
        onChange={(event) => {
          onValueChange(event.currentTarget.value)
          follow(event.currentTarget.value, event.currentTarget.selectionStart)
        }}
        onSelect={(event) => follow(event.currentTarget.value, event.currentTarget.selectionStart)}
        onBlur={() => setQuery(null)}
        onKeyDown={(event) => {
          if (!open || event.nativeEvent.isComposing) return
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            const step = event.key === 'ArrowDown' ? 1 : -1
            setChosen((current + step + options.length) % options.length)
          } else if (
            (event.key === 'Enter' || event.key === 'Tab') &&
            !event.ctrlKey &&
            !event.metaKey &&
            !event.shiftKey
          ) {
            event.preventDefault()
            accept(options[current])
          } else if (event.key === 'Escape') {
            event.preventDefault()
            event.stopPropagation()
            if (query) setDismissed(query.start)
          }
        }}
      />
      {open && (
        <Paper withBorder shadow="md" className={classes.popup}>
          <ul id={listId} role="listbox" aria-label="People to mention" className={classes.list}>
            {options.map((candidate, index) => (
              <li
                key={candidate.alias}
                id={optionId(index)}
                role="option"
                aria-selected={index === current}
                className={classes.option}
                // Keeps the focus (and the caret) in the text while a click picks the option.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => accept(candidate)}
                onMouseMove={() => setChosen(index)}
              >
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm" fw={600}>
                    @{candidate.alias}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {candidate.name}
                    {candidate.role ? ` · ${candidate.role}` : ''}
                    {candidate.source === 'persona' ? ' · not in it yet' : ''}
                  </Text>
                </Group>
              </li>
            ))}
          </ul>
        </Paper>
      )}
    </div>
  )
}
