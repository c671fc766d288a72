import { Button, Group, Kbd, SegmentedControl, Stack, Tabs, Text, TextInput } from '@mantine/core'
import { useEffect, useState } from 'react'
import type { ReactNode } from 'react'

import type { Vote } from '@core/format/model'
import type { ParticipantInfo } from '@shared/contract'
import { useApi } from '../../api/ApiContext'
import { useAppInfo } from '../../api/AppInfoContext'
import { call } from '../../api/client'
import { INFO_COLOUR, VOTE_COLOURS } from '../../lib/colours'
import { notifyError, notifyInfo } from '../../notify'
import { ArtifactButton } from '../Diagrams/ArtifactButton'
import { useOpenLink } from '../LinkConfirm/LinkProvider'
import { CommentDiagrams } from '../Diagrams/CommentDiagrams'
import { Markdown } from '../Markdown/Markdown'
import { MentionTextarea } from '../Mentions/MentionTextarea'
import { useMentionCandidates } from '../Mentions/useMentionCandidates'
import { loadAuthor, loadDraft, saveAuthor, saveDraft, useSignedName } from './draft'
import { Dialog } from '../Dialog/Dialog'

export interface ComposerProps {
  opened: boolean
  path: string
  onClose: () => void
  /** Called once the comment is in the file. */
  onAdded?: () => void
  /** The discussion's participants, offered first when the person types `@`. */
  participants?: readonly ParticipantInfo[]
}

const NO_PARTICIPANTS: readonly ParticipantInfo[] = []

const NO_VOTE = 'none'

/** Writes a comment into the discussion: markdown with a preview, an optional vote, a name. */
export function Composer({
  opened,
  path,
  onClose,
  onAdded,
  participants = NO_PARTICIPANTS,
}: ComposerProps): ReactNode {
  const api = useApi()
  const mentions = useMentionCandidates(path, participants)
  const info = useAppInfo()
  const openLink = useOpenLink()
  const [text, setText] = useState(() => loadDraft(path).text)
  const [vote, setVote] = useState<Vote | null>(() => loadDraft(path).vote)
  const signedAs = useSignedName(info?.userName ?? null)
  const [author, setAuthor] = useState(signedAs ?? '')
  const [tab, setTab] = useState<string | null>('write')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const draft = loadDraft(path)
    setText(draft.text)
    setVote(draft.vote)
  }, [path])
  // Again each time it opens: a Quote reply writes the quote into the saved draft first.
  useEffect(() => {
    if (!opened) return
    const draft = loadDraft(path)
    setText(draft.text)
    setVote(draft.vote)
  }, [opened])
  // Each time it opens, the box shows the name the header shows.
  useEffect(() => {
    // Only when it opens: while the person edits the name, the field is theirs.
    if (opened) setAuthor(loadAuthor() || signedAs || '')
  }, [opened])
  useEffect(() => saveDraft(path, { text, vote }), [path, text, vote])
  useEffect(() => {
    if (opened) setTab('write') // the draft is what the person comes back to, not its preview
  }, [opened])

  const send = async (): Promise<void> => {
    if (text.trim() === '' || busy) return
    setBusy(true)
    try {
      const name = author.trim()
      const added = await call(
        api.comments.add({
          path,
          text,
          vote,
          ...(name !== '' ? { author: name } : {}),
        }),
      )
      if (name !== '') saveAuthor(name)
      setText('')
      setVote(null)
      setTab('write')
      notifyInfo(`Signed ${added.author}${vote ? `, voting ${vote}` : ''}.`, 'Comment added')
      onAdded?.()
      onClose()
    } catch (error) {
      notifyError(error instanceof Error ? error.message : String(error), 'Comment not added')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog opened={opened} onClose={onClose} title="Add a comment" size="xl" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault()
          void send()
        }}
        // Ctrl+Enter adds the comment from anywhere in the composer: the text, the vote, the name.
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault()
            void send()
          }
        }}
      >
        <Stack gap="sm">
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="write">Write</Tabs.Tab>
              <Tabs.Tab value="preview">Preview</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="write" pt="xs">
              <MentionTextarea
                aria-label="Comment"
                placeholder="Markdown. Q: asks a question, TODO: an action, DECISION: a decision, @alias calls a persona."
                autosize
                minRows={8}
                maxRows={20}
                data-autofocus
                value={text}
                onValueChange={setText}
                candidates={mentions}
              />
            </Tabs.Panel>
            <Tabs.Panel value="preview" pt="xs" mih={200} data-testid="composer-preview">
              {text.trim() === '' ? (
                <Text c="dimmed" size="sm">
                  Nothing to preview yet.
                </Text>
              ) : (
                <>
                  <Markdown text={text} onOpenLink={openLink} />
                  {/* The pictures its DIAGRAM: lines name, as the saved comment will show them. */}
                  <CommentDiagrams body={text} />
                </>
              )}
            </Tabs.Panel>
          </Tabs>
          <Group justify="space-between" align="flex-end">
            <div>
              <Text size="sm" fw={500} mb={4}>
                Vote
              </Text>
              <SegmentedControl
                aria-label="Vote"
                // The chosen vote in its own colour, as its badge shows it on the card; the deepest
                // tone, so its label reads at AA on it.
                color={`${vote ? VOTE_COLOURS[vote] : INFO_COLOUR}.9`}
                autoContrast
                data-vote={vote ?? undefined}
                value={vote ?? NO_VOTE}
                onChange={(value) => setVote(value === NO_VOTE ? null : value)}
                data={[
                  { value: NO_VOTE, label: 'No vote' },
                  { value: 'READY', label: 'READY' },
                  { value: 'CHANGES', label: 'CHANGES' },
                  { value: 'REJECT', label: 'REJECT' },
                ]}
              />
            </div>
            <TextInput
              label="Signed as"
              value={author}
              onChange={(event) => {
                // Kept as typed: the header shows it at once, and closing the box keeps it.
                setAuthor(event.currentTarget.value)
                saveAuthor(event.currentTarget.value)
              }}
              w={220}
            />
          </Group>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              The draft is kept if you close this. <Kbd size="xs">Ctrl</Kbd>+
              <Kbd size="xs">Enter</Kbd> adds it.
            </Text>
            <Group>
              <ArtifactButton
                path={path}
                onSaved={(ref) =>
                  setText(
                    (current) =>
                      `${current.trimEnd()}${current.trim() ? '\n\n' : ''}DIAGRAM: ${ref}\n`,
                  )
                }
              />
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
              <Button type="submit" loading={busy} disabled={text.trim() === ''}>
                Add comment
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Dialog>
  )
}
