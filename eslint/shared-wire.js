// The contract owns its wire: its answers and events are zod schemas of its own, and the backend
// maps core's values onto them, so a change in core fails the type check there. The layer fence
// (fences.js) says the same; this block adds the message saying where the type belongs.
export const sharedWire = {
  files: ['src/shared/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/core/**'],
            message:
              'src/shared owns its wire: declare the type as a zod schema in the contract and map core values onto it in src/backend.',
          },
        ],
      },
    ],
  },
}
