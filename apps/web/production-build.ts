/**
 * What tells a production build of the web app from a development one, read from the built JavaScript.
 * The Vite build refuses to finish with a development library in it (vite.config.ts), and `npm test`
 * scans the files the gateway serves with the same list (apps/web-e2e/src/bundle.e2e.ts). ADR 0030.
 */

/** Strings only the development builds of React and Redux Toolkit carry (their messages are stripped in production). */
export const DEVELOPMENT_MARKERS: ReadonlyArray<{ library: string; text: string }> = [
  // react-dom's development build: its key warning, its DOM nesting check and its owner stacks.
  { library: 'React', text: 'Each child in a list should have a unique' },
  { library: 'React', text: 'In HTML, %s cannot be a child of' },
  { library: 'React', text: 'react-stack-top-frame' },
  { library: 'React', text: 'Invalid hook call' },
  // Redux Toolkit's development-only middleware (serializability and immutability checks).
  { library: 'Redux Toolkit', text: 'A non-serializable value was detected' },
  { library: 'Redux Toolkit', text: 'SerializableStateInvariantMiddleware' },
  { library: 'Redux Toolkit', text: 'A state mutation was detected' },
];

/** Strings only the production builds carry: their minified error messages point at the docs by code. */
export const PRODUCTION_MARKERS: ReadonlyArray<{ library: string; text: string }> = [
  { library: 'React', text: 'Minified React error' },
  { library: 'Redux Toolkit', text: 'Minified Redux Toolkit error' },
];

/** The development markers found in `code`, as `library: text` lines (none for a production build). */
export function developmentMarkersIn(code: string): string[] {
  return DEVELOPMENT_MARKERS.filter((m) => code.includes(m.text)).map((m) => `${m.library}: "${m.text}"`);
}

/** The production markers missing from the whole build (`code`: every JavaScript file, concatenated). */
export function productionMarkersMissingFrom(code: string): string[] {
  return PRODUCTION_MARKERS.filter((m) => !code.includes(m.text)).map((m) => `${m.library}: "${m.text}"`);
}
