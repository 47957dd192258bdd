#!/usr/bin/env node
// Container health probe for the Parley images: GET http://127.0.0.1:<port><path>, exit 0 on 2xx.
// Plain Node (built-in fetch), because the slim images have no curl or wget.
//
//   node healthcheck.cjs [path]     path defaults to /health/live (use /health/ready for readiness)
//
// Port: PORT for the gateway, HTTP_PORT for a service; when unset, the app's default from the compiled
// config library (libs/server/config DEFAULT_PORTS), so the defaults are written down in one place only.
'use strict';

const path = process.argv[2] || '/health/live';
const app = process.env.APP;

function port() {
  const fromEnv = app === 'gateway' ? process.env.PORT : process.env.HTTP_PORT;
  if (fromEnv) return fromEnv;
  try {
    return String(require('/app/dist/libs/server/config/src/env.schemas.js').DEFAULT_PORTS[app].http);
  } catch {
    console.error(`healthcheck: no port (set ${app === 'gateway' ? 'PORT' : 'HTTP_PORT'}; APP=${app ?? ''})`);
    process.exit(2);
  }
}

const url = `http://127.0.0.1:${port()}${path}`;
fetch(url, { signal: AbortSignal.timeout(4000) }).then(
  (res) => {
    if (!res.ok) console.error(`healthcheck: ${url} answered ${res.status}`);
    process.exit(res.ok ? 0 : 1);
  },
  (error) => {
    console.error(`healthcheck: ${url} failed: ${error.message}`);
    process.exit(1);
  },
);
