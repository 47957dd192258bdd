import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom leaves Node's fetch API in place, whose Request rejects relative URLs. A browser resolves them
// against the page's address; do the same so '/api/...' requests behave as they do in the app.
const NodeRequest = globalThis.Request;
globalThis.Request = class BrowserLikeRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
};

// jsdom does not implement scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};

// findBy… waits for what a busy machine may take seconds to render (the default is 1 s).
configure({ asyncUtilTimeout: 5000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
