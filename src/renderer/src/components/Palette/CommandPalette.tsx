import { Group, Modal, Text, TextInput } from '@mantine/core'
import { useHotkeys } from '@mantine/hooks'
import { IconSearch } from '@tabler/icons-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import type { ReactNode } from 'react'

import { useEscapeLayer } from '../../lib/layers'
import { useActionList } from './actions'
import type { AppAction } from './actions'
import { ActionKeys, keysText } from './ActionKeys'
import { rankByTitle } from './fuzzy'
import classes from './CommandPalette.module.css'

export interface CommandPaletteProps {
  opened: boolean
  onOpen: () => void
  onClose: () => void
}

/**
 * Ctrl+K (⌘K on a Mac) from anywhere, a field included: every action on screen with its key,
 * filtered fuzzily as the person types; arrows choose, Enter runs, Esc closes. The field is a
 * combobox whose listbox holds the actions, so a screen reader says which one is chosen.
 */
export function CommandPalette({ opened, onOpen, onClose }: CommandPaletteProps): ReactNode {
  // Ctrl+K even from a field (no ignored tags): the palette is how a key-less action is reached.
  useHotkeys([['mod+K', () => (opened ? onClose() : onOpen())]], [], true)
  useEscapeLayer(opened, onClose)
  const actions = useActionList()
  const [query, setQuery] = useState('')
  const [chosen, setChosen] = useState(0)
  const runnable = useMemo(() => actions.filter((a) => a.run !== undefined), [actions])
  const shown = useMemo(() => rankByTitle(runnable, query), [runnable, query])
  const listId = useId()
  const list = useRef<HTMLUListElement>(null)

  useEffect(() => {
    if (opened) {
      setQuery('')
      setChosen(0)
    }
  }, [opened])
  const current = shown.length === 0 ? -1 : Math.min(chosen, shown.length - 1)
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' })
  }, [current])

  const run = (action: AppAction | undefined): void => {
    if (!action?.run || !action.enabled()) return
    onClose()
    // After the palette has closed, so a dialog the action opens gets the focus.
    requestAnimationFrame(() => action.run?.())
  }
  const optionId = (index: number): string => `${listId}-${index}`

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeOnEscape={false}
      withCloseButton={false}
      title="Command palette"
      styles={{ header: { display: 'none' } }}
      size="lg"
      yOffset="12vh"
      padding="sm"
    >
      <TextInput
        data-autofocus
        aria-label="Find an action"
        placeholder="Type an action: run turn, advance, next question…"
        leftSection={<IconSearch size={16} aria-hidden />}
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.currentTarget.value)
          setChosen(0)
        }}
        onKeyDown={(event) => {
          if (event.nativeEvent.isComposing) return
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            const step = event.key === 'ArrowDown' ? 1 : -1
            if (shown.length > 0) setChosen((current + step + shown.length) % shown.length)
          } else if (event.key === 'Enter') {
            event.preventDefault()
            run(shown[current]?.item)
          }
        }}
      />
      <ul ref={list} id={listId} role="listbox" aria-label="Actions" className={classes.list}>
        {shown.map(({ item: action, matched }, index) => (
          <li
            key={action.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            aria-disabled={!action.enabled() || undefined}
            data-action={action.id}
            aria-label={
              action.keys.length ? `${action.title} (${keysText(action.keys)})` : action.title
            }
            className={classes.option}
            onMouseMove={() => setChosen(index)}
            onClick={() => run(action)}
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" className={classes.title}>
                <Highlighted text={action.title} matched={matched} />
              </Text>
              <Group gap={4} wrap="nowrap" aria-hidden>
                <Text size="xs" c="dimmed">
                  {action.group}
                </Text>
                <ActionKeys keys={action.keys} />
              </Group>
            </Group>
          </li>
        ))}
      </ul>
      {shown.length === 0 && (
        <Text size="sm" c="dimmed" p="sm" role="status">
          No action matches “{query}”.
        </Text>
      )}
    </Modal>
  )
}

/** The title with the letters the query matched marked. */
function Highlighted({ text, matched }: { text: string; matched: readonly number[] }): ReactNode {
  if (matched.length === 0) return text
  const marked = new Set(matched)
  return [...text].map((letter, index) =>
    marked.has(index) ? <mark key={index}>{letter}</mark> : letter,
  )
}
