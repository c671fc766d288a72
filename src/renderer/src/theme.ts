import { createTheme, Drawer, Modal, Notification } from '@mantine/core'
import type { CSSVariablesResolver } from '@mantine/core'

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 in light: white button labels on it reach WCAG AA contrast (shade 6 does not).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, "JetBrains Mono", Menlo, Consolas, monospace',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // Filled badges and buttons pick black or white text, whichever reads on their colour.
  autoContrast: true,
  // Every close button says what it does to a screen reader.
  components: {
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Drawer: Drawer.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } },
      // Mantine greys a titled notification's text (gray-6, 3.3:1 on white): below WCAG AA.
      styles: { description: { color: 'var(--mantine-color-text)' } },
    }),
  },
})

/** Text that reports a problem, at AA contrast in both schemes (Mantine's red-6 is 3.3:1 on white). */
export const ERROR_TEXT = 'var(--od-color-error-text)'

/** Text that warns (a budget nearly spent), at AA contrast in both schemes. */
export const WARN_TEXT = 'var(--od-color-warn-text)'

/**
 * Secondary ("dimmed") text one step stronger in each scheme: Mantine's default greys are below
 * the 4.5:1 contrast that small text needs on the app's backgrounds. Error text likewise.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--od-color-error-text': 'var(--mantine-color-red-9)',
    // Mantine's orange-9 is 3.9:1 on white: a darker orange reaches AA.
    '--od-color-warn-text': '#9a3412',
    // A field's error (its message, its text) at AA too: Mantine's red-6 is 3.3:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--od-color-error-text': 'var(--mantine-color-red-4)',
    '--od-color-warn-text': 'var(--mantine-color-orange-4)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
})
