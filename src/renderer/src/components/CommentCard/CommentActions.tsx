import { ActionIcon, Menu } from '@mantine/core'
import { IconCopy, IconDots, IconLink, IconQuote } from '@tabler/icons-react'
import type { ReactNode } from 'react'

import type { CommentInfo } from '@shared/contract'
import { commentAsMarkdown, commentLink, quoteReply } from '../../lib/comment-address'
import { requestComposer } from '../../lib/compose-request'
import { notifyError, notifyInfo } from '../../notify'
import { loadDraft, saveDraft } from '../Composer/draft'

export interface CommentActionsProps {
  path: string
  comment: CommentInfo
}

async function copy(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
    notifyInfo(`${what} copied.`)
  } catch {
    notifyError(`The clipboard refused the ${what.toLowerCase()}.`, 'Not copied')
  }
}

/** What a person does with one comment: copy its link or its markdown, quote it in a reply. */
export function CommentActions({ path, comment }: CommentActionsProps): ReactNode {
  const label = `Actions for comment ${comment.index} by ${comment.author}`
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label} title="Comment actions">
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconLink size={14} />}
          onClick={() => void copy(commentLink(path, comment.index), 'Link')}
        >
          Copy link
        </Menu.Item>
        <Menu.Item
          leftSection={<IconCopy size={14} />}
          onClick={() => void copy(commentAsMarkdown(comment), 'Markdown')}
        >
          Copy as markdown
        </Menu.Item>
        <Menu.Item
          leftSection={<IconQuote size={14} />}
          onClick={() => {
            // The quote goes into the saved draft, after what the person had written there.
            const draft = loadDraft(path)
            const before = draft.text === '' ? '' : `${draft.text.trimEnd()}\n\n`
            saveDraft(path, { ...draft, text: before + quoteReply(comment) })
            requestComposer()
          }}
        >
          Quote reply
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
