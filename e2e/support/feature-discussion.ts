/** A feature discussion's file with no comments yet, in the phase a test needs. */
export function featureDiscussion(title: string, phase = 'detailed_review'): string {
  return [
    '<!-- DISCUSSION -->',
    `<!-- Title: ${title} -->`,
    `<!-- Phase: ${phase} -->`,
    '<!-- Status: OPEN -->',
    '<!-- Created: 2026-11-02T09:14:00Z -->',
    '<!-- Template: feature -->',
    '<!-- Participants: architect, security, pragmatist -->',
    '',
    `# ${title}`,
    '',
    '## Context',
    '',
    'Customers need their own logins before the January rollout.',
    '',
    '---',
    '',
  ].join('\n')
}
