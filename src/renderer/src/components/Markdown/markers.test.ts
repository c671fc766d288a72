// @vitest-environment happy-dom
// The comment and discussion-body markdown as the app renders it (react-markdown, the sanitizer,
// the marker plugin): consecutive marker lines are separate highlighted blocks.
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'

import { Markdown } from './Markdown'

function render(text: string): HTMLElement {
  const html = renderToStaticMarkup(createElement(Markdown, { text, onOpenLink: () => {} }))
  const host = document.createElement('div')
  host.innerHTML = html
  return host
}

/** Each highlighted block as `LABEL|its text`. */
function blocks(host: HTMLElement): string[] {
  return [...host.querySelectorAll('.od-marker-block')].map(
    (block) =>
      `${block.querySelector('.od-marker-label')?.textContent ?? ''}|${(block.textContent ?? '').trim()}`,
  )
}

describe('marker lines', () => {
  it('four consecutive marker lines are four blocks, each with its own label', () => {
    const host = render(
      'Q: who rotates the keys?\nCONCERN: the mail account is shared.\nTODO: add a retention period.\nDECISION: server-side sessions.',
    )
    expect(blocks(host)).toEqual([
      'Q:|Q: who rotates the keys?',
      'CONCERN:|CONCERN: the mail account is shared.',
      'TODO:|TODO: add a retention period.',
      'DECISION:|DECISION: server-side sessions.',
    ])
  })

  it('text before a marker line stays plain; a hard-wrapped line stays with its marker', () => {
    const host = render(
      'Looks fine overall.\nASSIGNED: Rob to write the migration\nbefore Friday.\nDONE: the schema review.',
    )
    expect(blocks(host)).toEqual([
      'ASSIGNED:|ASSIGNED: Rob to write the migration\nbefore Friday.',
      'DONE:|DONE: the schema review.',
    ])
    const plain = [...host.querySelectorAll('p')].filter((p) => !p.className)
    expect(plain.map((p) => p.textContent)).toEqual(['Looks fine overall.'])
  })

  it('splits list items and bold markers the same way, and keeps hard breaks inside a block', () => {
    const host = render('- **Q:** one?\n  CONCERN: two\n- plain\n\nTODO: a  \nsecond line\nDONE: b')
    expect(blocks(host)).toEqual([
      'Q:|Q: one?',
      'CONCERN:|CONCERN: two',
      'TODO:|TODO: a\nsecond line',
      'DONE:|DONE: b',
    ])
    expect(host.querySelector('.od-marker-todo br')).not.toBeNull()
  })

  it('a marker-looking line inside a code block is code, not a marker', () => {
    const host = render('```\nQ: not a question\nTODO: not a task\n```')
    expect(blocks(host)).toEqual([])
  })

  it('hostile text stays inert: no script, no handler, no raw HTML', () => {
    const host = render(
      'Q: <script>alert(1)</script>\nCONCERN: <img src=x onerror=alert(2)>\nTODO: [x](javascript:alert(3))',
    )
    expect(host.querySelector('script, img, [onerror]')).toBeNull()
    expect(host.innerHTML).not.toMatch(/javascript:|onerror/i)
    expect(blocks(host)).toHaveLength(3)
  })
})
