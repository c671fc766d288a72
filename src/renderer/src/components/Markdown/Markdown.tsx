import { memo } from 'react'
import type { ComponentProps, ReactNode } from 'react'
import ReactMarkdown from 'react-markdown'
import type { Components } from 'react-markdown'
import rehypeSanitize from 'rehype-sanitize'
import remarkGfm from 'remark-gfm'

import { rehypeMarkers } from '@core/markdown/rehype-markers'
import classes from './Markdown.module.css'

export interface MarkdownProps {
  /** Markdown written by a person or a model: untrusted. */
  text: string
  /** Called with the target of a link the person clicked; the app checks and confirms it. */
  onOpenLink: (href: string) => void
}

/**
 * Renders untrusted markdown safely: no raw HTML (react-markdown drops it), the sanitizer strips
 * what remains dangerous, remote images are never loaded, and links never navigate the page.
 */
export const Markdown = memo(function Markdown({ text, onOpenLink }: MarkdownProps): ReactNode {
  const components: Components = {
    a: ({ href, children }: ComponentProps<'a'>) => (
      <a
        href={href || undefined}
        className={classes.link}
        rel="noopener noreferrer"
        onClick={(event) => {
          event.preventDefault()
          if (href) onOpenLink(href)
        }}
      >
        {children}
      </a>
    ),
    // A task list's boxes: read-only, and named, as a screen reader needs for a checkbox.
    input: ({ type, checked }: ComponentProps<'input'>) =>
      type === 'checkbox' ? (
        <input
          type="checkbox"
          checked={Boolean(checked)}
          readOnly
          disabled
          aria-label={checked ? 'Done' : 'Not done'}
        />
      ) : null,
    img: ({ alt }: ComponentProps<'img'>) => (
      <span className={classes.blockedImage} title="Images from the web are not loaded">
        [image{alt ? `: ${alt}` : ''}] (not loaded)
      </span>
    ),
  }
  return (
    <div className={classes.markdown} data-markdown>
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeSanitize, rehypeMarkers]}
        skipHtml
        components={components}
      >
        {text}
      </ReactMarkdown>
    </div>
  )
})
