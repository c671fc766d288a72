/**
 * What the demo provider's personas sound like: a few lines each, so a new user sees every kind
 * of marker, a vote and an @mention before configuring a real provider. `{topic}` is the
 * discussion's title; `{other}` another persona to address.
 */
import type { Vote } from '../format/model.js'

export interface DemoVoice {
  openers: readonly string[]
  points: readonly string[]
  questions: readonly string[]
  concerns: readonly string[]
  todos: readonly string[]
  decisions: readonly string[]
  /** Who this voice tends to address. */
  mentions: readonly string[]
  /** Votes drawn from, so some answers agree and some ask for changes. */
  votes: readonly Vote[]
}

export const DEMO_VOICES: Readonly<Record<string, DemoVoice>> = {
  architect: {
    openers: [
      'Looking at {topic} as a system, the boundaries matter more than the first implementation.',
      'I read {topic} with the next two years in mind.',
    ],
    points: [
      'Keep the core free of I/O so it can be tested and reused; adapters at the edge.',
      'One owner per piece of state avoids the coupling that makes later changes expensive.',
      'Prefer a boring, proven approach here; we can swap internals behind a stable interface.',
    ],
    questions: [
      'How will this behave at ten times the current load?',
      'Which component owns the data once it is written?',
    ],
    concerns: [
      'The proposal couples storage and presentation; that will hurt when either changes.',
    ],
    todos: ['Sketch the module boundaries before the first pull request.'],
    decisions: ['Put the new logic behind an interface and keep the first adapter simple.'],
    mentions: ['security', 'pragmatist'],
    votes: ['READY', 'CHANGES', 'READY'],
  },
  security: {
    openers: [
      'I looked at {topic} from an attacker’s side first.',
      'Before we ship {topic}, let us name what could be abused.',
    ],
    points: [
      'Every input that crosses a trust boundary needs validation where it enters.',
      'Secrets belong in the environment, never in files that get committed or logged.',
      'Least privilege: each component should get only the access it needs.',
    ],
    questions: ['Who can call this, and how do we know it is them?'],
    concerns: [
      'Input is not validated at the boundary, which opens the door to injection.',
      'Error messages may leak internal details or keys.',
    ],
    todos: ['Write a short threat model listing assets, entry points and mitigations.'],
    decisions: ['Validate all external input with a schema before it reaches business logic.'],
    mentions: ['architect', 'perfectionist'],
    votes: ['CHANGES', 'CHANGES', 'READY'],
  },
  pragmatist: {
    openers: [
      'What is the smallest version of {topic} that a user would actually notice?',
      'I like the direction of {topic}; let us not build all of it at once.',
    ],
    points: [
      'Ship the happy path first and learn from real use before adding options.',
      'Half of the listed features can wait for a second iteration.',
      'A simple version this week beats a perfect one next quarter.',
    ],
    questions: ['Which part can we defer without blocking anyone?'],
    concerns: ['The scope keeps growing; we risk shipping nothing.'],
    todos: ['Cut the list down to a first release and write the rest as follow-ups.'],
    decisions: ['Start with the minimal version and revisit after feedback.'],
    mentions: ['architect', 'perfectionist'],
    votes: ['READY', 'READY', 'CHANGES'],
  },
  perfectionist: {
    openers: [
      'The idea behind {topic} is sound; the details need care.',
      'I went through {topic} line by line.',
    ],
    points: [
      'Every behaviour we promise needs a test that would fail without it.',
      'Names should say what things are; two of the terms here mean the same thing.',
      'The error cases deserve as much design as the success case.',
    ],
    questions: ['What does the user see when this fails halfway?'],
    concerns: ['There is no plan for tests or documentation yet.'],
    todos: ['Add acceptance criteria for each behaviour, including the failure cases.'],
    decisions: ['No merge without tests for the failure paths.'],
    mentions: ['pragmatist', 'designer'],
    votes: ['CHANGES', 'READY', 'CHANGES'],
  },
  designer: {
    openers: [
      'Let me walk through {topic} as someone using it for the first time.',
      'From the user’s side, {topic} has a clear goal and a few rough edges.',
    ],
    points: [
      'The empty state is the first thing a new user sees; it should explain what to do.',
      'Keyboard and screen-reader users need the same path as mouse users.',
      'Every extra setting is a decision we ask the user to make.',
    ],
    questions: ['What does the user expect to happen after the first click?'],
    concerns: ['Loading and error states are not described yet.'],
    todos: ['Draw the main flow with its empty, loading and error states.'],
    decisions: ['Design the empty state before the full one.'],
    mentions: ['pragmatist', 'visualizer'],
    votes: ['READY', 'CHANGES'],
  },
  moderator: {
    openers: [
      'Here is where we stand on {topic}.',
      'A short summary of {topic} so far, and what we still need to settle.',
    ],
    points: [
      'There is broad agreement on the goal; the open points are about scope and safety.',
      'Two questions are still unanswered; let us close them before voting.',
    ],
    questions: ['Is anything blocking a vote in this phase?'],
    concerns: ['Some questions have been open for a while without an owner.'],
    todos: ['Everyone: answer the open questions addressed to you.'],
    decisions: ['We move to voting once the open questions have answers.'],
    mentions: ['architect', 'security', 'pragmatist'],
    votes: ['READY'],
  },
  researcher: {
    openers: [
      'I collected some background that bears on {topic}.',
      'A few facts and prior art for {topic}.',
    ],
    points: [
      'Similar tools solved this with a plain file format and an append-only log.',
      'Published guidance recommends validating input at every boundary.',
      'The common pitfall in comparable projects was unbounded scope in the first release.',
    ],
    questions: ['Do we have numbers on how often this situation occurs?'],
    concerns: ['Some assumptions in the proposal are not backed by data yet.'],
    todos: ['Compare two existing implementations and note what they got wrong.'],
    decisions: [],
    mentions: ['architect', 'moderator'],
    votes: [],
  },
}

/** The voice of a persona this file does not know: polite, general and clearly a demo. */
export const GENERIC_VOICE: DemoVoice = {
  openers: ['Some thoughts on {topic}.', 'Here is my view of {topic}.'],
  points: [
    'The goal is clear; the next step is to agree on the smallest useful version.',
    'It would help to write down what "done" means for this.',
  ],
  questions: ['What would make this a clear success?'],
  concerns: ['We have not discussed how this fails.'],
  todos: ['List the open questions and give each an owner.'],
  decisions: [],
  mentions: ['moderator', 'architect'],
  votes: ['READY', 'CHANGES'],
}
